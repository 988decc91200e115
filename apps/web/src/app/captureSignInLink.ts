// Imported first by main.tsx: a sign-in link's code leaves the address bar before any other code runs.
import { captureSignInCode } from '../features/auth/signInLink';

captureSignInCode();
