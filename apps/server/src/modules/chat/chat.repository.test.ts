import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import {
  calendarDay,
  countConversationsToday,
  deleteChatMessages,
  insertChatMessageWithinLimit,
} from './chat.repository.ts';

const metadata = { confidence: 50, riskLevel: 'medium' as const, analysisUsed: ['technical_analyst'] };

describe('calendarDay', () => {
  it('uses the São Paulo calendar (UTC-3): 02:59 UTC is still the previous day', () => {
    expect(calendarDay(new Date('2025-03-05T02:59:00Z'))).toBe('2025-03-04');
    expect(calendarDay(new Date('2025-03-05T03:00:00Z'))).toBe('2025-03-05');
  });
});

forEachEngine((engine) => {
  describe('countConversationsToday', () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await startTestApp({ engine });
    });
    afterAll(async () => test.close());

    it('counts answered messages of the São Paulo day, survives clearing the history and refuses past the limit', async () => {
      const { user } = await test.registerUser();
      const other = await test.registerUser();
      const db = test.app.db;
      const store = (createdAt: string, limit = -1) =>
        insertChatMessageWithinLimit(
          db,
          {
            userId: user.id,
            message: 'q',
            response: 'a',
            aiProvider: 'technical_analysis',
            metadata,
            createdAt: new Date(createdAt),
          },
          limit,
        );

      await store('2025-03-05T02:30:00Z'); // 23:30 on the 4th in São Paulo
      await store('2025-03-05T03:30:00Z'); // 00:30 on the 5th
      await store('2025-03-05T20:00:00Z');
      const noon = new Date('2025-03-05T15:00:00Z');
      expect(await countConversationsToday(db, user.id, noon)).toBe(2);
      expect(await countConversationsToday(db, user.id, new Date('2025-03-05T02:45:00Z'))).toBe(1);
      expect(await countConversationsToday(db, other.user.id, noon)).toBe(0);

      expect(await store('2025-03-05T21:00:00Z', 2)).toBeUndefined();
      expect(await countConversationsToday(db, user.id, noon)).toBe(2);

      expect(await deleteChatMessages(db, user.id)).toBe(3);
      expect(await countConversationsToday(db, user.id, noon)).toBe(2);
    });
  });
});
