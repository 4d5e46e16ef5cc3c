/**
 * Errors operations throw. They carry untranslated messages; the error handler translates
 * them into the caller's language, so operations never need to know who is asking in what tongue.
 */
import type { LocalText } from '../../generator/manifest-types.ts';
import type { Message, MessageKey, MessageParams } from './messages.ts';

/** A client mistake or refusal: answered as `{error: message}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
    /** Extra keys of the answer body besides `error` (the payment gate's `redirect_to`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(messageKey);
    this.name = 'HttpError';
  }
}

/** A refusal whose text the definitions wrote (a workflow guard's `message`), answered like an HttpError. */
export class TextError extends Error {
  constructor(
    readonly statusCode: number,
    readonly text: LocalText,
  ) {
    super(text.en);
    this.name = 'TextError';
  }
}

export type FieldErrors = Record<string, Message[]>;

/** Invalid input: answered 422 as `{errors: {field: [message]}}`. */
export class ValidationError extends Error {
  readonly statusCode = 422;
  constructor(readonly fields: FieldErrors) {
    super('validation failed');
    this.name = 'ValidationError';
  }

  static single(field: string, message: Message): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

export const notFound = () => new HttpError(404, 'not_found');
export const badRequest = (key: MessageKey = 'bad_request', params?: MessageParams) => new HttpError(400, key, params);

/** Adds a message to a field's list (the first message of a field is what the portal shows). */
export function addFieldError(errors: FieldErrors, field: string, message: Message): void {
  (errors[field] ??= []).push(message);
}
