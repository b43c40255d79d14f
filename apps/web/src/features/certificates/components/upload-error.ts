import { UPLOAD_MSG } from '@eo/contract';
import { ApiError } from '../../../lib/api-client';

/** Spec section 8: the server's message for an upload, else `An error occured when uploading`. */
export const uploadErrorText = (err: unknown) => (err instanceof ApiError ? err.body.errors?.[0]?.message || err.message : UPLOAD_MSG.failed);
