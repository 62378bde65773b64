/**
 * Reading the OpenAI chat-completions streaming protocol: Server-Sent Events whose `data:` lines carry
 * `{"choices":[{"delta":{"content":"…"}}]}` and end with `data: [DONE]`.
 */

export class MalformedStreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedStreamError';
  }
}

interface ChunkPayload {
  choices?: { delta?: { content?: unknown }; message?: { content?: unknown } }[];
  error?: unknown;
}

function contentOf(data: string): string {
  let payload: ChunkPayload;
  try {
    payload = JSON.parse(data) as ChunkPayload;
  } catch {
    throw new MalformedStreamError('evento sem JSON válido');
  }
  if (payload === null || typeof payload !== 'object')
    throw new MalformedStreamError('evento não é um objeto');
  if (payload.error) throw new MalformedStreamError('o provedor enviou um erro no meio do fluxo');
  if (!Array.isArray(payload.choices)) throw new MalformedStreamError('evento sem "choices"');
  const choice = payload.choices[0];
  const content = choice?.delta?.content ?? choice?.message?.content;
  return typeof content === 'string' ? content : '';
}

/**
 * Yields the text deltas of a streamed completion. Ends at `[DONE]`, or at the end of the body when
 * text was received (some compatible servers omit `[DONE]`); anything else is malformed.
 */
export async function* readChatDeltas(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let received = false;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r?\n/);
      buffer = done ? '' : lines.pop()!;
      for (const line of lines) {
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') return;
        if (data === '') continue;
        const text = contentOf(data);
        received = true;
        if (text) yield text;
      }
      if (done) break;
    }
    if (!received) throw new MalformedStreamError('o fluxo terminou sem nenhum evento');
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** A server that ignored `stream: true` and answered one JSON completion. */
export function completionText(json: unknown): string {
  return contentOf(JSON.stringify(json));
}
