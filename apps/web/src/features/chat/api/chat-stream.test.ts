import { describe, expect, it } from 'vitest';
import { parseServerSentEvent, splitEventBlocks } from './chat-stream.ts';

describe('chat stream parsing', () => {
  it('reads a step event and a multi-line data event', () => {
    expect(parseServerSentEvent('event: step\ndata: {"id":"market_data","status":"processing"}')).toEqual({
      event: 'step',
      data: { id: 'market_data', status: 'processing' },
    });
    expect(parseServerSentEvent('event: delta\ndata: {"text":\ndata: "olá"}')).toEqual({
      event: 'delta',
      data: { text: 'olá' },
    });
  });

  it('drops comments, unknown events and payloads that break the contract', () => {
    expect(parseServerSentEvent(': keep-alive')).toBeUndefined();
    expect(parseServerSentEvent('event: ping\ndata: {}')).toBeUndefined();
    expect(parseServerSentEvent('event: step\ndata: {"id":"nope","status":"processing"}')).toBeUndefined();
    expect(parseServerSentEvent('event: delta\ndata: not json')).toBeUndefined();
  });

  it('keeps an unfinished block for the next chunk', () => {
    expect(splitEventBlocks('event: delta\ndata: {"text":"a"}\n\nevent: del')).toEqual({
      blocks: ['event: delta\ndata: {"text":"a"}'],
      rest: 'event: del',
    });
  });
});
