/** The events of a Server-Sent Events body, in order. */
export function parseEvents(body: string): { event: string; data: unknown }[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '' && !block.startsWith(':'))
    .map((block) => {
      const lines = block.split('\n');
      const event =
        lines.find((l) => l.startsWith('event: '))?.slice('event: '.length) ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice('data: '.length))
        .join('\n');
      return { event, data: JSON.parse(data) as unknown };
    });
}
