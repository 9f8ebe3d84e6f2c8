import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import {
  calendarDay,
  countConversationsToday,
  deleteChatMessages,
  insertChatMessage,
  returnChatSlot,
  takeChatSlot,
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

    it('counts the conversations taken on each São Paulo day, refuses past the limit and survives clearing the history', async () => {
      const { user } = await test.registerUser();
      const other = await test.registerUser();
      const db = test.app.db;
      const ask = async (createdAt: string, limit = -1) => {
        const at = new Date(createdAt);
        if (!(await takeChatSlot(db, user.id, at, limit))) return false;
        await insertChatMessage(db, {
          userId: user.id,
          message: 'q',
          response: 'a',
          aiProvider: 'technical_analysis',
          metadata,
          createdAt: at,
        });
        return true;
      };

      await ask('2025-03-05T02:30:00Z'); // 23:30 on the 4th in São Paulo
      await ask('2025-03-05T03:30:00Z'); // 00:30 on the 5th
      await ask('2025-03-05T20:00:00Z');
      const noon = new Date('2025-03-05T15:00:00Z');
      expect(await countConversationsToday(db, user.id, noon)).toBe(2);
      expect(await countConversationsToday(db, user.id, new Date('2025-03-05T02:45:00Z'))).toBe(1);
      expect(await countConversationsToday(db, other.user.id, noon)).toBe(0);

      expect(await ask('2025-03-05T21:00:00Z', 2)).toBe(false);
      expect(await countConversationsToday(db, user.id, noon)).toBe(2);
      // a conversation whose answer never came is given back
      await returnChatSlot(db, user.id, noon);
      expect(await countConversationsToday(db, user.id, noon)).toBe(1);
      expect(await ask('2025-03-05T21:00:00Z', 2)).toBe(true);

      expect(await deleteChatMessages(db, user.id)).toBe(4);
      expect(await countConversationsToday(db, user.id, noon)).toBe(2);
    });

    it('never lets parallel requests take more than the limit', async () => {
      const { user } = await test.registerUser();
      const now = new Date('2025-03-06T15:00:00Z');
      const taken = await Promise.all(
        Array.from({ length: 20 }, () => takeChatSlot(test.app.db, user.id, now, 3)),
      );
      expect(taken.filter(Boolean)).toHaveLength(3);
      expect(await countConversationsToday(test.app.db, user.id, now)).toBe(3);
      expect(await takeChatSlot(test.app.db, user.id, now, 0)).toBe(false);
    });
  });
});
