import { outboxMessageSchema } from '@corridor/contracts';
import { expect, type APIRequestContext } from '@playwright/test';
import { z } from 'zod';

const mailbox = z.array(outboxMessageSchema);

/** The 6-digit code in the newest message to `to` whose subject matches, from /dev/mailbox.json. */
export async function codeFromMailbox(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
  after = new Date(0),
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = mailbox.parse(await (await request.get('/dev/mailbox.json')).json());
        const message = messages.find(
          (m) => m.to === to && subject.test(m.subject) && new Date(m.created_at) >= after,
        );
        code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
        return code;
      },
      { message: `a code mailed to ${to}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return code ?? '';
}
