import { z } from 'zod';

/** The simulator's configuration, read once. It plays the part of every external game provider (decision 15). */
const envSchema = z.object({
  SIM_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  SIM_HOST: z.string().default('0.0.0.0'),
  /** Where the player's browser reaches the simulator (the launch URL is built from it). */
  SIM_PUBLIC_URL: z.string().url().optional(),
  /** Koi's base URL for wallet calls. */
  KOI_URL: z.string().url().default('http://127.0.0.1:8080'),
  /** Shared HMAC secret with Koi; required, never committed. */
  PROVIDER_SIM_SECRET: z.string().min(16, { message: 'PROVIDER_SIM_SECRET must be at least 16 characters' }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface SimConfig {
  port: number;
  host: string;
  publicUrl: string | undefined;
  koiUrl: string;
  secret: string;
  logLevel: string;
}

export function loadSimConfig(env: NodeJS.ProcessEnv = process.env): SimConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `Invalid simulator configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  }
  const e = parsed.data;
  return {
    port: e.SIM_PORT,
    host: e.SIM_HOST,
    publicUrl: e.SIM_PUBLIC_URL,
    koiUrl: e.KOI_URL,
    secret: e.PROVIDER_SIM_SECRET,
    logLevel: e.LOG_LEVEL,
  };
}
