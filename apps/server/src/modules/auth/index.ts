/** Players, sign-in sessions, captchas and login events: what other modules may use of them. */
export { PlayerStatus } from './auth.schema';
export type { AuthService, AuthenticatedSession } from './auth.service';
export { createPlayerGate, type PlayerGate } from './player-gate';
