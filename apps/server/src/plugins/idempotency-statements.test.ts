import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInCustomer } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { findStoredMany, storeAnswers, type StoredAnswer } from './idempotency-statements.ts';

/**
 * A group's answers are stored in one insert with their bodies apart from the JSON rows
 * (`storeAnswers`): what a replay reads back must be the very bytes that went out, whatever the
 * body holds, and a body that holds the separator is stored alone, as it is.
 */

let testApp: TestApp;
let customerId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  ({ customerId } = await signedInCustomer(testApp.app, testApp.database.db));
});
afterAll(async () => {
  await testApp.close();
});

const at = new Date('2026-11-30T12:00:00.000Z');
const answerOf = (
  body: string | null,
  contentType: string | null = 'application/json',
): StoredAnswer => ({
  customer_id: customerId,
  key: crypto.randomUUID(),
  request_hash: 'hash',
  response_status: body === null ? 204 : 200,
  response_content_type: body === null ? null : contentType,
  response_body: body,
  created_at: at,
  expires_at: new Date(at.getTime() + 86_400_000),
});

/** Stores `answers` as a group and reads each back by its key: the bodies in order. */
async function roundTrip(answers: StoredAnswer[]): Promise<(string | null)[]> {
  const { db } = testApp.database;
  const keys = answers.map(({ key }) => ({ customer: customerId, key }));
  return db.transaction(async (tx) => {
    await storeAnswers(tx, answers);
    const stored = await findStoredMany(tx, keys);
    return keys.map(({ key }) => {
      const row = stored.get(`${customerId}:${key}`);
      expect(row, key).toBeDefined();
      return row?.response_body ?? null;
    });
  });
}

it('stores each body of a group as it went out', async () => {
  const bodies = [
    '{"id":"a","name":"Priya \\"P\\" Shah","note":"line\\nbreak \\\\ é 😀"}',
    '{"z": 1,  "a":[1, 2.50]}',
    null,
    '',
    'null',
    'plain text, not JSON: ⟨v⟩ n',
    'v',
    'n',
    JSON.stringify({
      timeline: Array.from({ length: 400 }, (_, n) => ({ n, at: at.toISOString() })),
    }),
  ];
  expect(await roundTrip(bodies.map((body) => answerOf(body, 'text/plain')))).toEqual(bodies);
});

it('stores a group alone, one by one, when a body holds the separator', async () => {
  const bodies = ['{"a":1}', 'before\u001eafter', null];
  expect(await roundTrip(bodies.map((body) => answerOf(body)))).toEqual(bodies);
});

it('stores a group of one', async () => {
  expect(await roundTrip([answerOf('{"only":true}')])).toEqual(['{"only":true}']);
});
