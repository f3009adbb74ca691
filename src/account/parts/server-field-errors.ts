/**
 * Which form field a server refusal belongs to, so its message sits next to that field
 * (the rest go to a notice). Shared by the login and password forms.
 */
import { ErrorCode } from '../../../shared/error-codes.ts';
import { ApiError, describeError } from '../../core/errors.ts';

export type AuthField = 'mobile' | 'code' | 'password';

const FIELD_OF_CODE: Record<number, AuthField> = {
  [ErrorCode.MOBILE_INVALID]: 'mobile',
  [ErrorCode.ACCOUNT_NOT_FOUND]: 'mobile',
  [ErrorCode.MOBILE_ALREADY_BOUND]: 'mobile',
  [ErrorCode.SMS_CODE_INVALID]: 'code',
  [ErrorCode.SMS_CODE_WRONG]: 'code',
  [ErrorCode.SMS_CODE_EXPIRED]: 'code',
  [ErrorCode.PASSWORD_INVALID]: 'password',
  [ErrorCode.PASSWORDS_DIFFER]: 'password',
  [ErrorCode.LOGIN_FAILED]: 'password',
};

export function fieldOfError(error: unknown): { field: AuthField | null; text: string } {
  const field = error instanceof ApiError ? (FIELD_OF_CODE[error.code] ?? null) : null;
  return { field, text: describeError(error) };
}
