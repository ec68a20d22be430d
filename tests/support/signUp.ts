import { API_BASE } from '../../shared/constants';
import type { SignUpValues } from '../../shared/validation';

/** A valid sign-up (SPEC 7's six fields) for `email`: Jana Weber, a strong password, the terms accepted. */
export function signUpBody(email: string): SignUpValues {
  return {
    firstName: 'Jana',
    lastName: 'Weber',
    email,
    password: 'Mannheim#2025',
    confirmPassword: 'Mannheim#2025',
    termsAccepted: true,
  };
}

/** POST /user/register of {@link signUpBody} from the client address `remoteAddress`, as inject's options. */
export function signUpRequest(email: string, remoteAddress: string) {
  return { method: 'POST' as const, url: `${API_BASE}/user/register`, remoteAddress, payload: signUpBody(email) };
}
