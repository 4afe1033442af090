import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MAX_INTAKE_PHOTOS } from '@assay/domain';
import { anAdminSubmission } from '@/testing/fixtures';
import { recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { SubmissionActions } from './submission-actions';

const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], name, { type: 'image/jpeg' });

/** The upload pipeline: a signed URL per photo, then the PUT answering the stored photo. */
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
        width: 10,
        height: 10,
        bytes: 4,
      }),
    ),
  );
}

describe('mark received with intake photos', () => {
  test('uploads the chosen photos as intake photos and sends their ids with the receive', async () => {
    uploadsSucceed();
    const sub = anAdminSubmission({ status: 'new' });
    const seen = recordRequests();
    server.use(http.post(`/api/admin/submissions/${sub.id}/receive`, () => HttpResponse.json({ ...sub, status: 'appraising' })));
    const { user } = renderWithApp(<SubmissionActions submission={sub} />);

    await user.click(screen.getByRole('button', { name: 'Mark Received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark parcel received' });
    await user.upload(within(dialog).getByLabelText('Intake photos (optional)'), [photo('box.jpg'), photo('scale.jpg')]);
    const confirm = await within(dialog).findByRole('button', { name: 'Mark Received with 2 photos' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    await user.click(confirm);

    expect(await screen.findByText('Marked as received')).toBeTruthy();
    const uploads = seen.filter((r) => r.path === '/api/objects/upload');
    await waitFor(() => expect(uploads.map((r) => r.body)).toEqual([{ purpose: 'intake' }, { purpose: 'intake' }]));
    const receive = seen.find((r) => r.path.endsWith('/receive'))!;
    await waitFor(() => expect(receive.body).toEqual({ intakePhotoIds: ['img-1', 'img-2'] }));
  });

  test('takes at most 8, says so, and receives without photos too', async () => {
    uploadsSucceed();
    const sub = anAdminSubmission({ status: 'new' });
    const seen = recordRequests();
    server.use(http.post(`/api/admin/submissions/${sub.id}/receive`, () => HttpResponse.json({ ...sub, status: 'appraising' })));
    const { user } = renderWithApp(<SubmissionActions submission={sub} />);
    await user.click(screen.getByRole('button', { name: 'Mark Received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark parcel received' });
    await user.upload(
      within(dialog).getByLabelText('Intake photos (optional)'),
      Array.from({ length: 10 }, (_, i) => photo(`p${i}.jpg`)),
    );
    expect(
      await within(dialog).findByText(`Only ${MAX_INTAKE_PHOTOS} intake photos fit: 8 of the 10 you chose were added.`),
    ).toBeTruthy();
    await within(dialog).findByRole('button', { name: 'Mark Received with 8 photos' });
    for (let i = 8; i >= 1; i -= 1) await user.click(within(dialog).getByRole('button', { name: `Remove intake photo ${i}` }));
    await user.click(within(dialog).getByRole('button', { name: 'Mark Received' }));
    expect(await screen.findByText('Marked as received')).toBeTruthy();
    await waitFor(() => expect(seen.find((r) => r.path.endsWith('/receive'))?.body).toEqual({ intakePhotoIds: [] }));
  });
});

describe('a submission shipped in several parcels', () => {
  test('the receive dialog says to wait for every parcel; one parcel says nothing of it', async () => {
    const several = anAdminSubmission({ status: 'new', parcelCount: 3 });
    const { user, unmount } = renderWithApp(<SubmissionActions submission={several} />);
    await user.click(screen.getByRole('button', { name: 'Mark Received' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark parcel received' });
    expect(
      within(dialog).getByText(
        'This submission ships in 3 parcels. Mark it received once all 3 have arrived and been opened: the appraisal covers them together.',
      ),
    ).toBeTruthy();
    unmount();

    const one = renderWithApp(<SubmissionActions submission={anAdminSubmission({ status: 'new', parcelCount: 1 })} />);
    await one.user.click(screen.getByRole('button', { name: 'Mark Received' }));
    const single = await screen.findByRole('dialog', { name: 'Mark parcel received' });
    expect(within(single).queryByText(/ships in \d+ parcels/)).toBeNull();
  });
});

describe('a returning submission', () => {
  test('offers only "Mark delivered", which tells the server', async () => {
    const sub = anAdminSubmission({ status: 'returning', returnTrackingNumber: 'ASY1234' });
    const seen = recordRequests();
    server.use(
      http.post(`/api/admin/submissions/${sub.id}/return-delivered`, () => HttpResponse.json({ ...sub, status: 'returned' })),
    );
    const { user } = renderWithApp(<SubmissionActions submission={sub} />);
    expect(screen.queryByRole('button', { name: 'Return Item' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByText('Marked delivered')).toBeTruthy();
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /api/admin/submissions/${sub.id}/return-delivered`]);
  });
});
