import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CallDef } from './call.ts';
import * as cms from './calls/cms.ts';
import * as common from './calls/common.ts';
import * as deposit from './calls/deposit.ts';
import * as finance from './calls/finance.ts';
import * as financeTransfer from './calls/finance-transfer.ts';
import * as message from './calls/message.ts';
import * as notice from './calls/notice.ts';
import * as openApi from './calls/open-api.ts';
import * as optional from './calls/optional.ts';
import * as order from './calls/order.ts';
import * as publicInfo from './calls/public-info.ts';
import * as recordLedger from './calls/record-ledger.ts';
import * as security from './calls/security.ts';
import * as trade from './calls/trade.ts';
import * as upload from './calls/upload.ts';
import * as user from './calls/user.ts';
import * as verification from './calls/verification.ts';
import * as withdraw from './calls/withdraw.ts';
import { issueSentences, rulePhrases, type ValidationLocale, validationLocales } from './validation-messages.ts';

const modules = [
  cms,
  common,
  deposit,
  finance,
  financeTransfer,
  message,
  notice,
  openApi,
  optional,
  order,
  publicInfo,
  recordLedger,
  security,
  trade,
  upload,
  user,
  verification,
  withdraw,
];
const calls = modules
  .flatMap((m) => Object.values(m))
  .filter((v): v is CallDef => typeof v === 'object' && v !== null && 'request' in v && 'name' in v && 'host' in v);

/** The validator's own wording, which no refusal may show. */
const jargon =
  /Invalid input|Invalid option|Invalid string|Invalid type|expected|received|Too small|Too big|>=|<=|NaN|undefined|\[object|Required$/i;

/** What a careless or hostile client sends in place of a field's value. */
const badValues: unknown[] = [
  { nested: 1 },
  '',
  'x'.repeat(5000),
  'zzz-not-an-option',
  true,
  [],
  '0x10',
  -1,
  1.5,
  null,
  'a\u0000b\u202e',
];

function fieldsOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in as z.ZodType);
  return [];
}

describe('refusals of bad input name the field and the rule in words', () => {
  it('covers every call of the contract', () => {
    expect(calls.length).toBeGreaterThan(60);
  });

  it.each(validationLocales)('in %s, for every field of every call and typical bad values', (locale) => {
    let checked = 0;
    for (const call of calls) {
      for (const field of fieldsOf(call.request)) {
        for (const bad of badValues) {
          const parsed = call.request.safeParse({ [field]: bad }, { reportInput: true });
          if (parsed.success) continue;
          const sentences = issueSentences(parsed.error, locale);
          parsed.error.issues.forEach((issue, i) => {
            const where = `${call.name} ${field}=${JSON.stringify(bad).slice(0, 30)}: ${sentences[i]}`;
            expect(sentences[i], where).not.toMatch(jargon);
            if (issue.path.length > 0) expect(sentences[i], where).toContain(String(issue.path[0]));
            checked++;
          });
        }
      }
      // A body that is not an object at all.
      const whole = call.request.safeParse('text', { reportInput: true });
      if (!whole.success)
        for (const sentence of issueSentences(whole.error, locale)) expect(sentence).not.toMatch(jargon);
    }
    expect(checked).toBeGreaterThan(500);
  });

  const cases: [ValidationLocale, string][] = [
    ['en_US', 'nickName must be at most 32 characters long.'],
    ['zh_CN', 'nickName 最多 32 个字符。'],
    ['el_GR', 'nickName 最多 32 個字元。'],
    ['ja_JP', 'nickName は 32 文字以内で入力してください。'],
    ['ko_KR', 'nickName 항목은 32자 이하여야 합니다.'],
    ['vi_VN', 'nickName chỉ được có tối đa 32 ký tự.'],
  ];
  it.each(cases)('words a too-long nickname in %s', (locale, expected) => {
    const parsed = security.nicknameUpdate.request.safeParse({ nickName: 'n'.repeat(33) }, { reportInput: true });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(issueSentences(parsed.error, locale)).toEqual([expected]);
  });

  it('translates every rule the schemas word, for every language', () => {
    for (const [phrase, words] of Object.entries(rulePhrases)) {
      for (const locale of validationLocales.filter((l) => l !== 'en_US')) {
        expect(words[locale as Exclude<ValidationLocale, 'en_US'>], `${phrase} in ${locale}`).toBeTruthy();
      }
    }
  });
});

describe('human text and time filters', () => {
  it('refuses control characters, bidi overrides and isolates in free text, and keeps it NFC', () => {
    const label = withdraw.addWithdrawAddr.request.shape.label;
    for (const bad of [
      'a\u0000b',
      'tab\there',
      'line\nbreak',
      'esc\u001b[31m',
      'c1\u0085',
      'x\u202eevil',
      'x\u2066y',
      '   ',
    ]) {
      expect(label.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(label.parse('  Cafe\u0301 wallet  ')).toBe('Café wallet');
    expect(label.parse('冷钱包 1')).toBe('冷钱包 1');
    expect(security.nicknameUpdate.request.safeParse({ nickName: 'bob\u202e' }).success).toBe(false);
  });

  it('takes time filters only as whole numbers or decimal digits', () => {
    const list = order.orderListNew.request;
    for (const bad of [true, [], '0x10', '1e3', ' 12', '-5', 1.5, '']) {
      expect(list.safeParse({ startTime: bad }).success, JSON.stringify(bad)).toBe(false);
    }
    expect(list.parse({ startTime: '1700000000000', endTime: 1700000000001 })).toMatchObject({
      startTime: 1700000000000,
      endTime: 1700000000001,
    });
  });
});
