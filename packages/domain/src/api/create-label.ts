// POST /api/shipping/labels (SPEC 7): the only input is which submission to label; the server
// checks it is the caller's and answers the existing label when there is one (DECISIONS).
import { z } from 'zod';
import { idSchema } from './common.ts';

export const createLabelSchema = z.object({ submissionId: idSchema('submission') });
export type CreateLabelBody = z.infer<typeof createLabelSchema>;
