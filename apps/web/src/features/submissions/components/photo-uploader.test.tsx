// The photo slots with a real Uppy and the upload target mocked: a slot takes its photo (the
// camera on a phone), a selection larger than the free slots keeps what fits and names the rest,
// and refusals are told in plain words.
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { aSubmission, aSubmissionDetail } from '@/testing/fixtures';
import { recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { usePhotoUppy } from '../lib/submission-uppy';
import { AddPhotosCard } from './add-photos';
import { NewSubmissionForm } from './new-submission-form';
import { PhotoUploader } from './photo-uploader';

const MB = 1024 * 1024;

function photo(name: string, { type = 'image/jpeg', bytes }: { type?: string; bytes?: number } = {}) {
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], name, { type });
  // A 14 MB photo without allocating 14 MB: Uppy reads the size from the File.
  if (bytes !== undefined) Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

/** A signed URL per photo, then the PUT answering the stored photo (as apps/api does). */
function uploadsSucceed() {
  let n = 0;
  server.use(
    http.post('/api/objects/upload', () => {
      n += 1;
      return HttpResponse.json({ uploadURL: `/api/objects/uploads/img-${n}?expires=1&signature=s`, imageId: `img-${n}` });
    }),
    http.put('/api/objects/uploads/:id', ({ params }) =>
      HttpResponse.json({
        imageId: params.id,
        url: `/api/objects/${String(params.id)}`,
        thumbnailUrl: `/api/objects/${String(params.id)}?size=thumb`,
      }),
    ),
  );
}

function Uploader({ alreadyThere = 0 }: { alreadyThere?: number }) {
  const uppy = usePhotoUppy({ allowance: 4 - alreadyThere });
  return <PhotoUploader uppy={uppy} alreadyThere={alreadyThere} />;
}

const slots = () => screen.getByRole('list', { name: 'Photo slots' });
const slot = (name: string | RegExp) => within(slots()).getByRole('listitem', { name });
/** The Dashboard's own input: what "browse files" and a drop both feed. */
const dashboardInput = () => document.querySelector<HTMLInputElement>('input.uppy-Dashboard-input[type="file"]')!;

describe('photo slots', () => {
  test('an empty slot is a camera-ready file input named for the slot, and the photo chosen lands in that slot', async () => {
    uploadsSucceed();
    const { user } = renderWithApp(<Uploader />);

    const side = screen.getByLabelText('Add Side photo');
    expect(side.getAttribute('type')).toBe('file');
    expect(side.getAttribute('capture')).toBe('environment');
    expect(side.getAttribute('accept')).toBe('image/*,.heic');
    expect(screen.getByText('Up to 4 photos. JPEG, PNG, WebP or HEIC (iPhone photos), up to 10 MB each.')).toBeTruthy();

    await user.upload(side, photo('ring-side.jpg'));

    await waitFor(() => expect(within(slot('Side: ring-side.jpg')).getByText('Uploaded')).toBeTruthy());
    // The other slots stay free: it did not go to the first one.
    expect(slot('Primary: empty')).toBeTruthy();
    expect(screen.queryByLabelText('Add Side photo')).toBeNull();
    expect(await screen.findByText('1 image(s) uploaded successfully')).toBeTruthy();
  });

  test('six photos chosen for four free slots: the first four are added and the other two named', async () => {
    uploadsSucceed();
    const seen = recordRequests();
    const { user } = renderWithApp(<Uploader />);

    const names = ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg', 'f.jpg'];
    await user.upload(
      dashboardInput(),
      names.map((name) => photo(name)),
    );

    expect(await screen.findByText('You can only upload 4 file(s): we added the first 4. Left out: e.jpg, f.jpg.')).toBeTruthy();
    for (const [label, name] of [
      ['Primary', 'a.jpg'],
      ['Detail', 'b.jpg'],
      ['Side', 'c.jpg'],
      ['Back', 'd.jpg'],
    ]) {
      await waitFor(() => expect(within(slot(`${label}: ${name}`)).getByText('Uploaded')).toBeTruthy());
    }
    expect(seen.filter((r) => r.method === 'PUT')).toHaveLength(4);
    // Every slot is taken: the drop zone goes away rather than invite another refusal.
    expect(screen.getByText(/To add several photos at once/).closest('div[hidden]')).not.toBeNull();

    // Removing one frees its slot and the drop zone, and the note about the left-out photos goes.
    await user.click(screen.getByRole('button', { name: 'Remove Detail photo' }));
    expect(slot('Detail: empty')).toBeTruthy();
    expect(screen.getByText(/To add several photos at once/).closest('div[hidden]')).toBeNull();
    expect(screen.queryByText(/Left out/)).toBeNull();
  });

  test('a photo over 10 MB and a file that is no photo are refused in words; the rest of the selection is added', async () => {
    uploadsSucceed();
    const { user } = renderWithApp(<Uploader />);

    await user.upload(dashboardInput(), [photo('big.jpg', { bytes: 14 * MB }), photo('ring.jpg')]);
    expect(await screen.findByText('big.jpg exceeds maximum allowed size of 10 MB (it is 14 MB).')).toBeTruthy();
    await waitFor(() => expect(within(slot('Primary: ring.jpg')).getByText('Uploaded')).toBeTruthy());

    // A GIF passes the slot's image/* filter but is not one of the four formats.
    await user.upload(screen.getByLabelText('Add Detail photo'), photo('spin.gif', { type: 'image/gif' }));
    expect(
      await screen.findByText('You can only upload: JPEG, PNG, WebP or HEIC photos. spin.gif is not one of them.'),
    ).toBeTruthy();
    expect(slot('Detail: empty')).toBeTruthy();
  });

  test('with one photo already on the submission, five chosen: three fit, in the Detail, Side and Back slots', async () => {
    uploadsSucceed();
    const detail = aSubmissionDetail({ status: 'appraising', images: ['img-0'] });
    const { user } = renderWithApp(<AddPhotosCard detail={detail} />);

    await user.click(screen.getByRole('button', { name: 'Upload photos' }));
    // The first free slot takes the focus, so a keyboard user can add a photo at once.
    expect(document.activeElement).toBe(screen.getByLabelText('Add Detail photo'));
    expect(screen.getByText('Up to 3 more photos. JPEG, PNG, WebP or HEIC (iPhone photos), up to 10 MB each.')).toBeTruthy();

    await user.upload(
      dashboardInput(),
      ['1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg'].map((name) => photo(name)),
    );

    expect(await screen.findByText('You can only upload 3 file(s): we added the first 3. Left out: 4.jpg, 5.jpg.')).toBeTruthy();
    await waitFor(() => expect(within(slot('Back: 3.jpg')).getByText('Uploaded')).toBeTruthy());
    expect(slot('Detail: 1.jpg')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save photos' })).toHaveProperty('disabled', false);
  });

  test('photos go to the server in slot order, whatever order the slots were filled in', async () => {
    uploadsSucceed();
    const seen = recordRequests();
    server.use(http.post('/api/submissions', () => HttpResponse.json(aSubmission(), { status: 201 })));
    const { user } = renderWithApp(<NewSubmissionForm userId="user-1" />);

    await user.upload(screen.getByLabelText('Add Back photo'), photo('back.jpg'));
    await waitFor(() => expect(within(slot('Back: back.jpg')).getByText('Uploaded')).toBeTruthy());
    await user.upload(screen.getByLabelText('Add Primary photo'), photo('front.jpg'));
    await waitFor(() => expect(within(slot('Primary: front.jpg')).getByText('Uploaded')).toBeTruthy());

    await user.click(screen.getByText('Jewelry', { exact: true }));
    await user.type(screen.getByLabelText('Detailed Description *'), '14k ring');
    await user.type(screen.getByLabelText('Estimated Weight *'), '5');
    await user.click(screen.getByRole('button', { name: 'Submit for Preliminary Appraisal' }));

    await waitFor(() =>
      expect(seen.find((r) => r.method === 'POST' && r.path === '/api/submissions')?.body).toMatchObject({
        images: ['img-2', 'img-1'],
      }),
    );
  });
});
