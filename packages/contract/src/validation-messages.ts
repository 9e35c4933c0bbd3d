// Over 400 lines: the message of every validation rule in six languages, as data.
import type { z } from 'zod';

/**
 * What a refusal of bad input says: the field and the rule in words a person understands, in one of the six
 * languages of the web app, never the validator's own wording ("Invalid input", "expected string, received ...").
 * The catalogue lives here, beside the schemas whose rules it words: the rules written into the schemas (their
 * messages, such as 'digits only') are keys of `rulePhrases`, translated below.
 */
export const validationLocales = ['en_US', 'zh_CN', 'el_GR', 'ja_JP', 'ko_KR', 'vi_VN'] as const;
export type ValidationLocale = (typeof validationLocales)[number];

type Words = Record<ValidationLocale, string>;

/** Sentences by rule; {f} is the field, {n} a number, {list} the allowed values, {rule} a phrase below. */
const sentences = {
  required: {
    en_US: '{f} is required.',
    zh_CN: '{f} 为必填项。',
    el_GR: '{f} 為必填項。',
    ja_JP: '{f} は必須です。',
    ko_KR: '{f} 항목은 필수입니다.',
    vi_VN: '{f} là bắt buộc.',
  },
  text: {
    en_US: '{f} must be text.',
    zh_CN: '{f} 必须是文本。',
    el_GR: '{f} 必須是文字。',
    ja_JP: '{f} は文字列で指定してください。',
    ko_KR: '{f} 항목은 텍스트여야 합니다.',
    vi_VN: '{f} phải là văn bản.',
  },
  number: {
    en_US: '{f} must be a number.',
    zh_CN: '{f} 必须是数字。',
    el_GR: '{f} 必須是數字。',
    ja_JP: '{f} は数値で指定してください。',
    ko_KR: '{f} 항목은 숫자여야 합니다.',
    vi_VN: '{f} phải là một số.',
  },
  wholeNumber: {
    en_US: '{f} must be a whole number.',
    zh_CN: '{f} 必须是整数。',
    el_GR: '{f} 必須是整數。',
    ja_JP: '{f} は整数で指定してください。',
    ko_KR: '{f} 항목은 정수여야 합니다.',
    vi_VN: '{f} phải là số nguyên.',
  },
  boolean: {
    en_US: '{f} must be true or false.',
    zh_CN: '{f} 必须是 true 或 false。',
    el_GR: '{f} 必須是 true 或 false。',
    ja_JP: '{f} は true か false で指定してください。',
    ko_KR: '{f} 항목은 true 또는 false여야 합니다.',
    vi_VN: '{f} phải là true hoặc false.',
  },
  list: {
    en_US: '{f} must be a list.',
    zh_CN: '{f} 必须是列表。',
    el_GR: '{f} 必須是清單。',
    ja_JP: '{f} はリストで指定してください。',
    ko_KR: '{f} 항목은 목록이어야 합니다.',
    vi_VN: '{f} phải là một danh sách.',
  },
  fields: {
    en_US: '{f} must be a set of named fields.',
    zh_CN: '{f} 必须是带字段名的对象。',
    el_GR: '{f} 必須是帶欄位名稱的物件。',
    ja_JP: '{f} は項目名付きのオブジェクトで指定してください。',
    ko_KR: '{f} 항목은 이름 있는 필드의 묶음이어야 합니다.',
    vi_VN: '{f} phải là một tập các trường có tên.',
  },
  empty: {
    en_US: '{f} must not be empty.',
    zh_CN: '{f} 不能为空。',
    el_GR: '{f} 不能為空。',
    ja_JP: '{f} を入力してください。',
    ko_KR: '{f} 항목은 비워 둘 수 없습니다.',
    vi_VN: '{f} không được để trống.',
  },
  minLength: {
    en_US: '{f} must be at least {n} characters long.',
    zh_CN: '{f} 至少需要 {n} 个字符。',
    el_GR: '{f} 至少需要 {n} 個字元。',
    ja_JP: '{f} は {n} 文字以上で入力してください。',
    ko_KR: '{f} 항목은 {n}자 이상이어야 합니다.',
    vi_VN: '{f} phải có ít nhất {n} ký tự.',
  },
  maxLength: {
    en_US: '{f} must be at most {n} characters long.',
    zh_CN: '{f} 最多 {n} 个字符。',
    el_GR: '{f} 最多 {n} 個字元。',
    ja_JP: '{f} は {n} 文字以内で入力してください。',
    ko_KR: '{f} 항목은 {n}자 이하여야 합니다.',
    vi_VN: '{f} chỉ được có tối đa {n} ký tự.',
  },
  atLeast: {
    en_US: '{f} must be at least {n}.',
    zh_CN: '{f} 不能小于 {n}。',
    el_GR: '{f} 不能小於 {n}。',
    ja_JP: '{f} は {n} 以上で指定してください。',
    ko_KR: '{f} 항목은 {n} 이상이어야 합니다.',
    vi_VN: '{f} phải từ {n} trở lên.',
  },
  above: {
    en_US: '{f} must be greater than {n}.',
    zh_CN: '{f} 必须大于 {n}。',
    el_GR: '{f} 必須大於 {n}。',
    ja_JP: '{f} は {n} より大きい値にしてください。',
    ko_KR: '{f} 항목은 {n}보다 커야 합니다.',
    vi_VN: '{f} phải lớn hơn {n}.',
  },
  atMost: {
    en_US: '{f} must be at most {n}.',
    zh_CN: '{f} 不能大于 {n}。',
    el_GR: '{f} 不能大於 {n}。',
    ja_JP: '{f} は {n} 以下で指定してください。',
    ko_KR: '{f} 항목은 {n} 이하여야 합니다.',
    vi_VN: '{f} không được lớn hơn {n}.',
  },
  below: {
    en_US: '{f} must be less than {n}.',
    zh_CN: '{f} 必须小于 {n}。',
    el_GR: '{f} 必須小於 {n}。',
    ja_JP: '{f} は {n} 未満にしてください。',
    ko_KR: '{f} 항목은 {n}보다 작아야 합니다.',
    vi_VN: '{f} phải nhỏ hơn {n}.',
  },
  minItems: {
    en_US: '{f} must have at least {n} items.',
    zh_CN: '{f} 至少需要 {n} 项。',
    el_GR: '{f} 至少需要 {n} 項。',
    ja_JP: '{f} は {n} 件以上必要です。',
    ko_KR: '{f} 항목은 {n}개 이상이어야 합니다.',
    vi_VN: '{f} phải có ít nhất {n} mục.',
  },
  maxItems: {
    en_US: '{f} must have at most {n} items.',
    zh_CN: '{f} 最多 {n} 项。',
    el_GR: '{f} 最多 {n} 項。',
    ja_JP: '{f} は {n} 件以内にしてください。',
    ko_KR: '{f} 항목은 {n}개 이하여야 합니다.',
    vi_VN: '{f} chỉ được có tối đa {n} mục.',
  },
  oneOf: {
    en_US: '{f} must be one of: {list}.',
    zh_CN: '{f} 必须是以下之一：{list}。',
    el_GR: '{f} 必須是以下之一：{list}。',
    ja_JP: '{f} は次のいずれかで指定してください：{list}。',
    ko_KR: '{f} 항목은 다음 중 하나여야 합니다: {list}.',
    vi_VN: '{f} phải là một trong: {list}.',
  },
  form: {
    en_US: '{f} is not in the required form.',
    zh_CN: '{f} 格式不正确。',
    el_GR: '{f} 格式不正確。',
    ja_JP: '{f} の形式が正しくありません。',
    ko_KR: '{f} 항목의 형식이 올바르지 않습니다.',
    vi_VN: '{f} không đúng định dạng.',
  },
  rule: {
    en_US: '{f}: {rule}.',
    zh_CN: '{f}：{rule}。',
    el_GR: '{f}：{rule}。',
    ja_JP: '{f}：{rule}。',
    ko_KR: '{f}: {rule}.',
    vi_VN: '{f}: {rule}.',
  },
} satisfies Record<string, Words>;

type SentenceKey = keyof typeof sentences;

/** The rules the schemas write in words (their messages), by their English wording. */
export const rulePhrases: Record<string, Omit<Words, 'en_US'>> = {
  'must contain @': {
    zh_CN: '必须包含 @',
    el_GR: '必須包含 @',
    ja_JP: '@ を含めてください',
    ko_KR: '@를 포함해야 합니다',
    vi_VN: 'phải chứa @',
  },
  'digits only': {
    zh_CN: '只能是数字',
    el_GR: '只能是數字',
    ja_JP: '数字のみ',
    ko_KR: '숫자만',
    vi_VN: 'chỉ gồm chữ số',
  },
  'digits only, at most 4': {
    zh_CN: '只能是数字，最多 4 位',
    el_GR: '只能是數字，最多 4 位',
    ja_JP: '数字のみ、4 桁以内',
    ko_KR: '숫자만, 최대 4자리',
    vi_VN: 'chỉ gồm chữ số, tối đa 4 chữ số',
  },
  'digits only, at least 7': {
    zh_CN: '只能是数字，至少 7 位',
    el_GR: '只能是數字，至少 7 位',
    ja_JP: '数字のみ、7 桁以上',
    ko_KR: '숫자만, 최소 7자리',
    vi_VN: 'chỉ gồm chữ số, ít nhất 7 chữ số',
  },
  'exactly 6 digits': {
    zh_CN: '必须是 6 位数字',
    el_GR: '必須是 6 位數字',
    ja_JP: '6 桁の数字',
    ko_KR: '정확히 6자리 숫자',
    vi_VN: 'đúng 6 chữ số',
  },
  '8 to 20 letters, digits or _~!@#$%^&*(), with at least one letter and one digit': {
    zh_CN: '8 到 20 位字母、数字或 _~!@#$%^&*()，至少包含一个字母和一个数字',
    el_GR: '8 到 20 位字母、數字或 _~!@#$%^&*()，至少包含一個字母和一個數字',
    ja_JP: '英字・数字・_~!@#$%^&*() で 8〜20 文字、英字と数字を各 1 文字以上',
    ko_KR: '영문자, 숫자 또는 _~!@#$%^&*() 8~20자, 영문자와 숫자를 각각 하나 이상 포함',
    vi_VN: '8 đến 20 chữ cái, chữ số hoặc _~!@#$%^&*(), có ít nhất một chữ cái và một chữ số',
  },
  'give either email or mobileNumber': {
    zh_CN: '请填写 email 或 mobileNumber 其中之一',
    el_GR: '請填寫 email 或 mobileNumber 其中之一',
    ja_JP: 'email か mobileNumber のどちらか一方を指定してください',
    ko_KR: 'email 또는 mobileNumber 중 하나만 입력하세요',
    vi_VN: 'hãy cung cấp email hoặc mobileNumber, chỉ một trong hai',
  },
  'required with mobileNumber': {
    zh_CN: '填写 mobileNumber 时必填',
    el_GR: '填寫 mobileNumber 時必填',
    ja_JP: 'mobileNumber を指定するときは必須です',
    ko_KR: 'mobileNumber와 함께 필수입니다',
    vi_VN: 'bắt buộc khi có mobileNumber',
  },
  'a coin symbol': {
    zh_CN: '必须是币种代码',
    el_GR: '必須是幣種代碼',
    ja_JP: '通貨コードで指定してください',
    ko_KR: '코인 기호여야 합니다',
    vi_VN: 'phải là mã coin',
  },
  'a coin symbol such as BTC': {
    zh_CN: '必须是币种代码，例如 BTC',
    el_GR: '必須是幣種代碼，例如 BTC',
    ja_JP: 'BTC のような通貨コードで指定してください',
    ko_KR: 'BTC 같은 코인 기호여야 합니다',
    vi_VN: 'phải là mã coin, ví dụ BTC',
  },
  'a chain name': {
    zh_CN: '必须是链名称',
    el_GR: '必須是鏈名稱',
    ja_JP: 'チェーン名で指定してください',
    ko_KR: '체인 이름이어야 합니다',
    vi_VN: 'phải là tên chuỗi',
  },
  'a chain such as ETH': {
    zh_CN: '必须是链名称，例如 ETH',
    el_GR: '必須是鏈名稱，例如 ETH',
    ja_JP: 'ETH のようなチェーン名で指定してください',
    ko_KR: 'ETH 같은 체인이어야 합니다',
    vi_VN: 'phải là chuỗi, ví dụ ETH',
  },
  'a decimal amount': {
    zh_CN: '必须是十进制数额',
    el_GR: '必須是十進位數額',
    ja_JP: '10 進数の金額で指定してください',
    ko_KR: '십진수 금액이어야 합니다',
    vi_VN: 'phải là số tiền dạng thập phân',
  },
  'a decimal number': {
    zh_CN: '必须是十进制数',
    el_GR: '必須是十進位數',
    ja_JP: '10 進数で指定してください',
    ko_KR: '십진수여야 합니다',
    vi_VN: 'phải là số thập phân',
  },
  'a positive decimal number': {
    zh_CN: '必须是正的十进制数',
    el_GR: '必須是正的十進位數',
    ja_JP: '正の 10 進数で指定してください',
    ko_KR: '양의 십진수여야 합니다',
    vi_VN: 'phải là số thập phân dương',
  },
  'a market symbol such as btcusdt': {
    zh_CN: '必须是交易对代码，例如 btcusdt',
    el_GR: '必須是交易對代碼，例如 btcusdt',
    ja_JP: 'btcusdt のようなマーケット名で指定してください',
    ko_KR: 'btcusdt 같은 마켓 기호여야 합니다',
    vi_VN: 'phải là mã thị trường, ví dụ btcusdt',
  },
  'market symbols such as btcusdt': {
    zh_CN: '必须是交易对代码，例如 btcusdt',
    el_GR: '必須是交易對代碼，例如 btcusdt',
    ja_JP: 'btcusdt のようなマーケット名で指定してください',
    ko_KR: 'btcusdt 같은 마켓 기호여야 합니다',
    vi_VN: 'phải là các mã thị trường, ví dụ btcusdt',
  },
  'letters, digits, _ or -': {
    zh_CN: '只能是字母、数字、_ 或 -',
    el_GR: '只能是字母、數字、_ 或 -',
    ja_JP: '英字・数字・_・- のみ',
    ko_KR: '영문자, 숫자, _ 또는 -만',
    vi_VN: 'chỉ gồm chữ cái, chữ số, _ hoặc -',
  },
  'a limit order needs a price': {
    zh_CN: '限价单需要价格',
    el_GR: '限價單需要價格',
    ja_JP: '指値注文には価格が必要です',
    ko_KR: '지정가 주문에는 가격이 필요합니다',
    vi_VN: 'lệnh giới hạn cần có giá',
  },
  'code or token is required': {
    zh_CN: '需要 code 或 token',
    el_GR: '需要 code 或 token',
    ja_JP: 'code か token が必要です',
    ko_KR: 'code 또는 token이 필요합니다',
    vi_VN: 'cần code hoặc token',
  },
  'dotted four octets, each 0-255': {
    zh_CN: '必须是以点分隔的四段数字，每段 0-255',
    el_GR: '必須是以點分隔的四段數字，每段 0-255',
    ja_JP: '0〜255 の数字 4 つをドットで区切って指定してください',
    ko_KR: '점으로 구분된 0-255 사이 숫자 네 개여야 합니다',
    vi_VN: 'bốn số từ 0-255 cách nhau bởi dấu chấm',
  },
  'a filename from common/upload_img': {
    zh_CN: '必须是 common/upload_img 返回的文件名',
    el_GR: '必須是 common/upload_img 返回的檔名',
    ja_JP: 'common/upload_img が返したファイル名で指定してください',
    ko_KR: 'common/upload_img가 돌려준 파일 이름이어야 합니다',
    vi_VN: 'phải là tên tệp do common/upload_img trả về',
  },
  'no control or direction-changing characters': {
    zh_CN: '不能包含控制字符或改变文字方向的字符',
    el_GR: '不能包含控制字元或改變文字方向的字元',
    ja_JP: '制御文字や文字の向きを変える文字は使えません',
    ko_KR: '제어 문자나 텍스트 방향을 바꾸는 문자는 쓸 수 없습니다',
    vi_VN: 'không được chứa ký tự điều khiển hoặc ký tự đổi hướng văn bản',
  },
  'a time in milliseconds, digits only': {
    zh_CN: '必须是毫秒时间，只能是数字',
    el_GR: '必須是毫秒時間，只能是數字',
    ja_JP: 'ミリ秒の時刻を数字のみで指定してください',
    ko_KR: '밀리초 단위 시간이어야 하며 숫자만 쓸 수 있습니다',
    vi_VN: 'phải là thời gian tính bằng mili giây, chỉ gồm chữ số',
  },
};

/** The request body itself, when the refusal is of no single field. */
const wholeRequest: Words = {
  en_US: 'The request',
  zh_CN: '请求',
  el_GR: '請求',
  ja_JP: 'リクエスト',
  ko_KR: '요청',
  vi_VN: 'Yêu cầu',
};

/** The language of a `lan` cookie value or an Accept-Language header; English when neither is offered. */
export function validationLocale(lan: string | undefined, acceptLanguage: string | undefined): ValidationLocale {
  if (lan && (validationLocales as readonly string[]).includes(lan)) return lan as ValidationLocale;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    const found = acceptTags.find(([prefix]) => tag === prefix || tag.startsWith(`${prefix}-`));
    if (found) return found[1];
  }
  return 'en_US';
}

/** Most specific first: traditional Chinese is served by the el_GR catalogue, as in the web app. */
const acceptTags: [string, ValidationLocale][] = [
  ['zh-tw', 'el_GR'],
  ['zh-hk', 'el_GR'],
  ['zh-hant', 'el_GR'],
  ['zh', 'zh_CN'],
  ['en', 'en_US'],
  ['ja', 'ja_JP'],
  ['ko', 'ko_KR'],
  ['vi', 'vi_VN'],
  ['el', 'el_GR'],
];

/** The refusals of one parse, at most three, each naming its field and its rule. */
export function describeIssues(error: z.ZodError, locale: ValidationLocale): string {
  return issueSentences(error, locale).slice(0, 3).join(' ');
}

export function issueSentences(error: z.ZodError, locale: ValidationLocale): string[] {
  return error.issues.map((issue) => describeIssue(issue, [], locale));
}

/** Refusals of a body the server cannot read at all, by the HTTP framework's error code (Fastify's FST_ERR_CTP_*). */
const unreadableBodies: Record<string, Words> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    en_US: 'The request body is not valid JSON.',
    zh_CN: '请求内容不是有效的 JSON。',
    el_GR: '請求內容不是有效的 JSON。',
    ja_JP: 'リクエスト本文が正しい JSON ではありません。',
    ko_KR: '요청 본문이 올바른 JSON이 아닙니다.',
    vi_VN: 'Nội dung yêu cầu không phải JSON hợp lệ.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    en_US: 'The request body is empty although its Content-Type says JSON.',
    zh_CN: '请求的 Content-Type 为 JSON，但内容为空。',
    el_GR: '請求的 Content-Type 為 JSON，但內容為空。',
    ja_JP: 'Content-Type は JSON ですが、リクエスト本文が空です。',
    ko_KR: 'Content-Type은 JSON인데 요청 본문이 비어 있습니다.',
    vi_VN: 'Content-Type là JSON nhưng nội dung yêu cầu trống.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    en_US: 'Send the request body as JSON (Content-Type: application/json).',
    zh_CN: '请以 JSON 发送请求内容（Content-Type: application/json）。',
    el_GR: '請以 JSON 傳送請求內容（Content-Type: application/json）。',
    ja_JP: 'リクエスト本文は JSON で送信してください（Content-Type: application/json）。',
    ko_KR: '요청 본문은 JSON으로 보내 주세요 (Content-Type: application/json).',
    vi_VN: 'Hãy gửi nội dung yêu cầu dạng JSON (Content-Type: application/json).',
  },
};

export function unreadableBody(frameworkCode: string | undefined, locale: ValidationLocale): string | null {
  return (frameworkCode && unreadableBodies[frameworkCode]?.[locale]) || null;
}

/** A field the schema leaves optional but this request needs (the server's own checks), e.g. "email is required.". */
export function requiredField(field: string, locale: ValidationLocale): string {
  return fill(sentences.required[locale], { f: field });
}

type Issue = z.core.$ZodIssue;

function describeIssue(issue: Issue, parentPath: PropertyKey[], locale: ValidationLocale): string {
  const path = [...parentPath, ...issue.path];
  if (issue.code === 'invalid_union') {
    // The branch that got past its type check says most; else the first branch (e.g. "must be a number").
    const branches = issue.errors.filter((branch) => branch.length > 0);
    const best = branches.find((branch) => branch[0]!.code !== 'invalid_type') ?? branches[0];
    if (best) return describeIssue(best[0]!, path, locale);
  }
  const field = path.length > 0 ? path.map(String).join('.') : wholeRequest[locale];
  const say = (key: SentenceKey, values: Record<string, string | number> = {}) =>
    fill(sentences[key][locale], { f: field, ...values });
  const phrase = rulePhrases[issue.message];
  if (phrase) return say('rule', { rule: locale === 'en_US' ? issue.message : phrase[locale] });
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return say('required');
      return say(typeSentence[issue.expected] ?? 'form');
    case 'too_small':
      return say(...bound(issue.origin, Number(issue.minimum), issue.inclusive !== false, 'min'));
    case 'too_big':
      return say(...bound(issue.origin, Number(issue.maximum), issue.inclusive !== false, 'max'));
    case 'invalid_value':
      return say('oneOf', { list: issue.values.map(String).join(', ') });
    default:
      return say('form');
  }
}

const typeSentence: Record<string, SentenceKey> = {
  string: 'text',
  number: 'number',
  int: 'wholeNumber',
  bigint: 'wholeNumber',
  boolean: 'boolean',
  array: 'list',
  object: 'fields',
};

function bound(origin: string, n: number, inclusive: boolean, side: 'min' | 'max'): [SentenceKey, { n: number }] {
  if (origin === 'string') {
    if (side === 'min') return n <= 1 ? ['empty', { n }] : ['minLength', { n }];
    return ['maxLength', { n }];
  }
  if (origin === 'array' || origin === 'set') return [side === 'min' ? 'minItems' : 'maxItems', { n }];
  if (side === 'min') return [inclusive ? 'atLeast' : 'above', { n }];
  return [inclusive ? 'atMost' : 'below', { n }];
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}
