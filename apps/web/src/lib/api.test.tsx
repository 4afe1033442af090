import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { apiError, recordRequests, server } from '@/testing/msw';
import { api } from './api';
import { ApiError, apiErrorCode, errorMessage } from './api-client';
import { registerStepUpPrompt } from './step-up';

const STEP_UP_MESSAGE = 'For your safety, enter the code from your authenticator app to confirm this action.';

let unregister: (() => void) | undefined;
afterEach(() => unregister?.());

describe('the typed client', () => {
  test('a GET fills the path parameter and answers with the parsed body, sending cookies and asking for JSON', async () => {
    let seen: Request | undefined;
    server.use(
      http.get('/api/admin/kyc', ({ request }) => {
        seen = request;
        return HttpResponse.json([]);
      }),
      http.get('/api/submissions/:id', ({ params }) => HttpResponse.json({ id: params.id, description: 'A ring' })),
    );
    const submission = await api.GET('/api/submissions/{id}', { params: { path: { id: 'sub 1' } } });
    expect(submission).toMatchObject({ id: 'sub 1', description: 'A ring' });

    expect(await api.GET('/api/admin/kyc', { params: { query: { status: 'pending' } } })).toEqual([]);
    expect(new URL(seen!.url).search).toBe('?status=pending');
    expect(seen!.headers.get('Accept')).toBe('application/json');
    expect(seen!.credentials).toBe('include');
  });

  test('a body is sent as JSON; a POST without one sends no body and no Content-Type', async () => {
    const seen = recordRequests();
    const contentTypes: (string | null)[] = [];
    server.use(
      http.post('/api/notifications/read', ({ request }) => {
        contentTypes.push(request.headers.get('Content-Type'));
        return HttpResponse.json({ unread: 0 });
      }),
      http.post('/api/pricing/refresh', ({ request }) => {
        contentTypes.push(request.headers.get('Content-Type'));
        return HttpResponse.json({ refreshed: true });
      }),
    );
    expect(await api.POST('/api/notifications/read', { body: { ids: ['n1'] } })).toEqual({ unread: 0 });
    await api.POST('/api/pricing/refresh');
    await expect.poll(() => seen.map((r) => r.body)).toEqual([{ ids: ['n1'] }, undefined]);
    expect(contentTypes).toEqual(['application/json', null]);
  });

  test('a refusal throws the same ApiError as apiFetch, so errorMessage and apiErrorCode read it', async () => {
    server.use(http.post('/api/notifications/read', () => apiError(409, 'ADDRESS_REQUIRED', 'Add your address first.')));
    const err: unknown = await api.POST('/api/notifications/read', { body: {} }).catch((e: unknown) => e);
    if (!(err instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(err)}`);
    expect(err.status).toBe(409);
    expect(err.message).toBe(`409: ${err.body}`);
    expect(apiErrorCode(err)).toBe('ADDRESS_REQUIRED');
    expect(errorMessage(err)).toBe('Add your address first.');
  });

  test('a decision refused for want of a code asks for one and is sent once more, with its body', async () => {
    let proved = false;
    const seen = recordRequests();
    server.use(
      http.put('/api/admin/payout-rates/:itemType', () =>
        proved ? HttpResponse.json({ itemType: 'silver' }) : apiError(403, 'STEP_UP_REQUIRED', STEP_UP_MESSAGE),
      ),
    );
    let asked = 0;
    unregister = registerStepUpPrompt(() => {
      asked += 1;
      proved = true;
      return Promise.resolve(true);
    });
    const body = { minPercent: '70', maxPercent: '80' };
    await api.PUT('/api/admin/payout-rates/{itemType}', { params: { path: { itemType: 'silver' } }, body });
    expect(asked).toBe(1);
    await expect.poll(() => seen.map((r) => r.body)).toEqual([body, body]);
  });

  test('a second refusal after the code reaches the caller; no third sending, no second prompt', async () => {
    const seen = recordRequests();
    server.use(http.put('/api/admin/payout-rates/:itemType', () => apiError(403, 'STEP_UP_REQUIRED', STEP_UP_MESSAGE)));
    let asked = 0;
    unregister = registerStepUpPrompt(() => {
      asked += 1;
      return Promise.resolve(true);
    });
    const refused = api.PUT('/api/admin/payout-rates/{itemType}', {
      params: { path: { itemType: 'silver' } },
      body: { minPercent: '70', maxPercent: '80' },
    });
    await expect(refused).rejects.toThrow(ApiError);
    expect(asked).toBe(1);
    expect(seen).toHaveLength(2);
  });
});
