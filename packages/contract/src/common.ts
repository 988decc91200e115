import { z } from 'zod';

/**
 * Field helpers shared by every request schema.
 *
 * Form-encoded and multipart bodies carry only strings, so numbers and flags arrive as text. These helpers
 * accept the JSON type and its plain text form, and nothing looser: `z.coerce.number()` would turn "" into 0,
 * which is exactly the kind of silent guess a money system must not make.
 */

/** Hard upper bound on any single text field; longer input is refused (HTTP 400) before any rule runs. */
export const TEXT_MAX = 256;

// Control characters (except tab/newline in long text) and unpaired surrogates are never legitimate in a
// form field; they break logs, terminals and databases (PostgreSQL refuses NUL in text).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A text field: at most `max` characters, no control characters or broken Unicode, NFC-normalised. */
export const text = (max: number = TEXT_MAX) =>
  z
    .string()
    .max(max, { message: `不能超过${max}个字符` })
    .refine((s) => !CONTROL_CHARS.test(s), { message: '包含非法控制字符' })
    .refine((s) => !LONE_SURROGATE.test(s), { message: '包含无效的Unicode字符' })
    .transform((s) => s.normalize('NFC'));

/** A text field the client may omit; missing becomes "" so business rules see one shape. */
export const optionalText = (max: number = TEXT_MAX) => text(max).optional().default('');

/** A text field that must not be empty. */
export const requiredText = (max: number = TEXT_MAX) =>
  text(max).pipe(z.string().min(1, { message: '不能为空' }));

/** A time in an answer, as an ISO 8601 string. */
export const isoTime = z.string().describe('ISO 8601 time');

/** A non-negative integer sent as a JSON number or as decimal digits. */
export const intField = (opts: { min?: number; max?: number } = {}) => {
  const min = opts.min ?? 0;
  const max = opts.max ?? Number.MAX_SAFE_INTEGER;
  return z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d{1,15}$/, { message: '必须是整数' })
        .transform(Number),
    ])
    .pipe(
      z
        .number()
        .int({ message: '必须是整数' })
        .min(min, { message: `不能小于${min}` })
        .max(max, { message: `不能大于${max}` }),
    );
};

const TRUE_WORDS = new Set(['1', 'true', 'on', 'yes']);
const FALSE_WORDS = new Set(['0', 'false', 'off', 'no', '']);

/**
 * A yes/no flag sent as a JSON boolean, the JSON numbers 1/0 (what many clients send for a checkbox), or one
 * of the strings 1/0, true/false, on/off, yes/no (forms).
 */
export const flagField = () =>
  z.union([
    z.boolean(),
    z.union([z.literal(1), z.literal(0)]).transform((n) => n === 1),
    z
      .string()
      .refine((s) => TRUE_WORDS.has(s.toLowerCase()) || FALSE_WORDS.has(s.toLowerCase()), {
        message: '必须是 1/0 或 true/false',
      })
      .transform((s) => TRUE_WORDS.has(s.toLowerCase())),
  ]);

/** A decimal USDT amount on the wire: digits with up to 6 decimals. Range rules live in @koi/ledger. */
export const moneyString = z.string().max(40).describe('USDT amount as a decimal string, up to 6 decimals');

/** Paging shared by list endpoints; size is bounded so no request can ask for an unbounded list. */
export const pageQuery = {
  page: intField({ min: 1, max: 100000 }).optional().default(1),
  size: intField({ min: 1, max: 100 }).optional().default(20),
};

/** The report range of the player's records and reports (spec §3): today unless the request names another. */
export const timeRange = intField({ min: 1, max: 3 })
  .optional()
  .default(2)
  .describe('1 yesterday, 2 today (default), 3 last 7 days');

/**
 * A request the player app may send with no body at all: absent or null reads as `empty`, what its fields
 * default to, so every such request is declared the same way and the handler always sees the whole object.
 */
export const optionalBody = <T extends z.ZodObject>(schema: T, empty: z.output<T>) =>
  schema.nullish().transform((v) => v ?? empty);

/** A paged request with no filters: an absent body reads as the first page of 20. */
export const pageRequest = () => optionalBody(z.strictObject({ ...pageQuery }), { page: 1, size: 20 });

/**
 * A paged request over one of the report ranges and nothing else: an absent body reads as the first page of 20
 * over `range`, which is each report's own default.
 */
export const rangePageRequest = (range: 1 | 2 | 3) =>
  optionalBody(z.strictObject({ range: timeRange, ...pageQuery }), { range, page: 1, size: 20 });

/** The player a console row is about: their id and username. */
export const playerFields = { player_id: z.number().int(), username: z.string() };

/** A list answer: `data`, the rows (one page of them when the request pages), and `total`, how many in all. */
export const listResult = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), total: z.number().int() });

/**
 * The player app's paged list answer as the spec names it (account changes, deposit and withdrawal records):
 * `list`, one page of rows, `total`, how many in all, and the `page` and `size` that were asked for.
 */
export const pagedListResult = <T extends z.ZodType>(row: T) =>
  z.object({ list: z.array(row), total: z.number().int(), page: z.number().int(), size: z.number().int() });
