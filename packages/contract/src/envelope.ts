import { z } from 'zod';

/**
 * Every response is this envelope (decision 4). `code` 200 is success; any other code is a failure whose
 * text is in `error.message` (and repeated in `message` for clients that read the top level).
 */
export const errorBody = z.object({
  message: z.string(),
  /** Structured facts behind a refusal that the client shows beside the message (e.g. two similar addresses). */
  details: z.record(z.string(), z.string()).optional(),
});

export const envelope = <T extends z.ZodType>(result: T) =>
  z.object({
    code: z.number().int(),
    result: result.nullable(),
    message: z.string(),
    error: errorBody.nullable(),
    request_id: z.string().optional(),
  });

export const failureEnvelope = envelope(z.null());

export type Envelope<T> = {
  code: number;
  result: T | null;
  message: string;
  error: { message: string; details?: Record<string, string> } | null;
  request_id?: string;
};

export const SUCCESS_CODE = 200;
