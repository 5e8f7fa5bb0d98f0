import { apiPaths, customerSchema } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { waitForMail } from '../../../test/mailbox.ts';
import { realtimeEventsOf } from '../documents-test-kit.ts';
import { DecisionError } from './index.ts';
import { idPhoto, reviewTestFile } from './review-test-kit.ts';

/**
 * What an operator decides (the ops CLI's decisions, here in-process: cli/ops.test.ts drives the
 * CLI itself), and apply-info-from-poi: the details an approved ID recorded become the profile's.
 */
const file = reviewTestFile(163);

/** A document the sandbox left to a person. */
async function reviewRequired(name = 'passport-review.jpg') {
  const customer = await file.customer();
  const documentId = await file.submit(customer.browser, 'POI', 'PASSPORT', [idPhoto(name)]);
  await file.reviewsRun();
  expect((await file.rowOf(documentId)).status).toBe('review-required');
  return { ...customer, documentId };
}

const decisions = () => file.app.ops.documents;

describe('an operator’s decisions', () => {
  it('lists what waits for a person, and shows one with its files and the customer', async () => {
    const { documentId, email, customer } = await reviewRequired();
    const waiting = await decisions().list({ status: 'review-required' });
    expect(waiting.map((document) => document.id)).toContain(documentId);
    expect(waiting.every((document) => document.status === 'review-required')).toBe(true);
    const shown = await decisions().show(documentId);
    expect(shown).toMatchObject({
      id: documentId,
      customer_id: customer.id,
      email,
      category_code: 'POI',
      type_code: 'PASSPORT',
      status: 'review-required',
      pages: 1,
      profile: { name: 'Ada', thirdName: 'Lovelace', birthDate: '1990-12-10' },
      files: [
        {
          number: 1,
          file_name: 'passport-review.jpg',
          content_type: 'image/jpeg',
          width: 1200,
          height: 800,
        },
      ],
    });
  });

  it('approves: the same events and email as the sandbox’s, the operator recorded', async () => {
    const { browser, customer, email, documentId } = await reviewRequired(
      'passport--grace-brewster-hopper--1906-12-09--review.jpg',
    );
    const approved = await decisions().approve(documentId, 'operator');
    expect(approved).toMatchObject({
      status: 'approved',
      reviewed_by: 'operator',
      read_from_id: {
        name: 'Grace',
        secondName: 'Brewster',
        thirdName: 'Hopper',
        birthDate: '1906-12-09',
      },
    });
    expect((await file.documentOf(browser, documentId)).document.status_code).toBe('approved');
    expect(await file.documentEvents(customer.id, documentId)).toEqual([
      ['CustomerDocumentUploaded', 'pending-verification'],
      ['CustomerDocumentProcessing', 'processing'],
      ['CustomerDocumentProcessing', 'review-required'],
      ['CustomerDocumentApproved', 'approved'],
    ]);
    await waitForMail(file.app, email, /was approved/);
  });

  it('rejects with the operator’s words, shown and mailed as written', async () => {
    const { browser, email, documentId } = await reviewRequired();
    const reason = 'The passport number is hidden by your thumb & <b>blurred</b>. Try again.';
    await decisions().reject(documentId, `  ${reason}  `, 'operator');
    const { document, profile } = await file.documentOf(browser, documentId);
    expect(document).toMatchObject({ status_code: 'rejected', rejection_reason: reason });
    expect(profile.pending_documents.map((category) => category.code)).toContain('POI');
    const mail = await waitForMail(file.app, email, /could not accept/);
    expect(mail.text).toContain(`Reason: ${reason}`);
    // Shown as text: never markup in the email.
    expect(mail.html).toContain('thumb &amp; &lt;b&gt;blurred&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>blurred');
  });

  it('refuses what is not for a person, and says why', async () => {
    const { documentId } = await reviewRequired();
    await decisions().approve(documentId, 'operator');
    await expect(decisions().approve(documentId, 'operator')).rejects.toMatchObject({
      code: 'not_reviewable',
      message: `Document ${documentId} is approved: only a review-required document is decided by an operator.`,
    });
    await expect(decisions().reject(documentId, 'Too late.', 'operator')).rejects.toBeInstanceOf(
      DecisionError,
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expect(decisions().show(unknown)).rejects.toMatchObject({ code: 'not_found' });
    await expect(decisions().approve('not-an-id', 'operator')).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('needs a reason of plain text to reject', async () => {
    const { documentId } = await reviewRequired();
    for (const reason of ['', '   ', 'x'.repeat(501), 'Bad\u0000reason']) {
      await expect(decisions().reject(documentId, reason, 'operator')).rejects.toMatchObject({
        code: 'invalid',
      });
    }
    expect((await file.rowOf(documentId)).status).toBe('review-required');
  });
});

describe('POST /client/v1/apply-info-from-poi', () => {
  it('copies the approved ID’s name and date of birth onto the profile', async () => {
    const { browser, customer } = await file.customer();
    await file.submit(browser, 'POI', 'PASSPORT', [
      idPhoto('passport--jane-mary-doe--1991-03-04.jpg'),
    ]);
    await file.reviewsRun();
    expect(customerSchema.parse((await browser.get(apiPaths.profile)).json()).poi_name_check).toBe(
      false,
    );
    const before = (await realtimeEventsOf(file.testApp, customer.id)).length;

    const answer = await browser.post(apiPaths.applyInfoFromPoi);
    expect(answer.statusCode).toBe(200);
    const updated = customerSchema.parse(answer.json());
    expect(updated).toMatchObject({
      name: 'Jane',
      second_name: 'Mary',
      third_name: 'Doe',
      whole_name: 'Jane Mary Doe',
      poi_name_check: true,
    });
    expect(updated.birth_detail?.birth_date).toBe('1991-03-04');
    const events = (await realtimeEventsOf(file.testApp, customer.id)).slice(before);
    expect(events.map((event) => event.event)).toEqual(['CustomerProfileUpdated']);
  });

  it('S1 (issue 28): refuses what the identity form refuses, says why, and changes nothing', async () => {
    const year = file.clock.now().getUTCFullYear();
    const cases = [
      [
        `passport--tim-young--${year - 10}-01-02--review.jpg`,
        { 'birth_detail.birth_date': ['You must be at least 18 years old to use Corridor.'] },
      ],
      [
        `passport--tim-young--${year + 1}-01-02--review.jpg`,
        { 'birth_detail.birth_date': ['Your date of birth cannot be in the future.'] },
      ],
      [
        `passport--${'a'.repeat(101)}-doe--1990-05-12--review.jpg`,
        { name: ['The first name must not be longer than 100 characters.'] },
      ],
    ] as const;
    for (const [name, errors] of cases) {
      // An operator approved it (the sandbox itself would not): the ID's details are recorded.
      const { browser, customer, documentId } = await reviewRequired(name);
      await decisions().approve(documentId, 'operator');
      expect((await file.rowOf(documentId)).status).toBe('approved');
      const before = (await realtimeEventsOf(file.testApp, customer.id)).length;

      const answer = await browser.post(apiPaths.applyInfoFromPoi);
      expect(answer.statusCode, name).toBe(422);
      expect(answer.json()).toEqual({
        message:
          'The details on your ID cannot be used for your profile: your profile stays as it is.',
        errors,
      });
      const profile = customerSchema.parse((await browser.get(apiPaths.profile)).json());
      expect(profile).toMatchObject({ name: 'Ada', third_name: 'Lovelace', second_name: null });
      expect(profile.birth_detail?.birth_date).toBe('1990-12-10');
      expect((await realtimeEventsOf(file.testApp, customer.id)).slice(before)).toEqual([]);
    }
  });

  it('S1 (issue 28): says why in Spanish too', async () => {
    const year = file.clock.now().getUTCFullYear();
    const { browser, documentId } = await reviewRequired(
      `passport--tim-young--${year - 10}-01-02--review.jpg`,
    );
    await decisions().approve(documentId, 'operator');
    const answer = await browser.request('POST', apiPaths.applyInfoFromPoi, undefined, {
      'accept-language': 'es',
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({
      message:
        'Los datos de tu documento no se pueden usar en tu perfil: tu perfil se queda como está.',
      errors: { 'birth_detail.birth_date': ['Debes tener al menos 18 años para usar Corridor.'] },
    });
  });

  it('answers 412 account_verification_required without an approved proof of identity', async () => {
    const { browser } = await file.customer();
    const none = await browser.post(apiPaths.applyInfoFromPoi);
    expect(none.statusCode).toBe(412);
    expect(none.json()).toEqual({
      type: 'account_verification_required',
      message: 'There is no approved proof of identity to take your details from yet.',
    });
    // One being checked is not approved yet either.
    await file.submit(browser, 'POI', 'PASSPORT', [idPhoto('passport.jpg')]);
    expect((await browser.post(apiPaths.applyInfoFromPoi)).statusCode).toBe(412);
  });

  it('is refused without the XSRF token, and to anyone signed out', async () => {
    const { browser } = await file.customer();
    const noToken = await file.app.inject({
      method: 'POST',
      url: apiPaths.applyInfoFromPoi,
      headers: { cookie: browser.cookieHeader },
    });
    expect(noToken.statusCode).toBe(419);
    const anonymous = await file.app.inject({ method: 'POST', url: apiPaths.applyInfoFromPoi });
    expect([401, 419]).toContain(anonymous.statusCode);
  });
});
