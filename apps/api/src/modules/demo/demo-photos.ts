// The demo's sample submissions get pictures of what they describe: drawn (demo-photo-art.ts),
// rendered to JPEG, and taken through the same upload path a person's photo takes (signed URL,
// re-encoding, thumbnail, storage), so they behave exactly like real photos on every page.
import sharp from 'sharp';
import type { Actor } from '../../access/actor.ts';
import { attachSeedPhotos } from '../submissions/index.ts';
import { createUploadUrl, receiveUpload, type UploadsContext } from '../uploads/index.ts';
import { demoItemKind, demoPhotoSvg } from './demo-photo-art.ts';

/** Primary and Detail: two of the form's four slots, as a careful seller would fill them. */
const VIEWS = [0, 1] as const;

async function uploadOne(ctx: UploadsContext, owner: Actor, jpeg: Buffer): Promise<string> {
  const { ticket } = await createUploadUrl(ctx, owner, { purpose: 'submission' });
  await receiveUpload(ctx, owner, { ticket, body: jpeg });
  return ticket.imageId;
}

export async function addDemoPhotos(
  ctx: UploadsContext,
  owner: Actor,
  submissions: readonly { id: string; description: string }[],
): Promise<void> {
  for (const submission of submissions) {
    const kind = demoItemKind(submission.description);
    const imageIds: string[] = [];
    for (const view of VIEWS) {
      const jpeg = await sharp(Buffer.from(demoPhotoSvg(kind, view)))
        .jpeg({ quality: 86 })
        .toBuffer();
      imageIds.push(await uploadOne(ctx, owner, jpeg));
    }
    await attachSeedPhotos(ctx.db, { ownerId: owner.id, submissionId: submission.id, imageIds });
  }
}
