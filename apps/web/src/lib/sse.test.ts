import { describe, expect, it } from 'vitest';
import { createEventParser } from './sse';

describe('createEventParser', () => {
  it('yields an event only at its blank line, across chunks split anywhere', () => {
    const parser = createEventParser();

    expect(parser.push('event: del')).toEqual([]);
    expect(parser.push('ta\ndata: {"text":"Olá"}\n')).toEqual([]);
    expect(parser.push('\nevent: done\ndata: {}\n\n')).toEqual([
      { event: 'delta', data: '{"text":"Olá"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('ignores comments (heartbeats), accepts CRLF and joins data lines', () => {
    const parser = createEventParser();

    expect(parser.push(': ping\n\r\nevent: delta\r\ndata: a\r\ndata:b\r\n\r\n')).toEqual([
      { event: 'delta', data: 'a\nb' },
    ]);
  });

  it('names an event without "event:" a message and skips events without data', () => {
    const parser = createEventParser();

    expect(parser.push('event: vazio\n\ndata: x\n\n')).toEqual([{ event: 'message', data: 'x' }]);
  });
});
