// Uploads a photo the way the browser does: ask for a signed URL, then PUT the bytes there.
import type { FastifyInstance } from 'fastify';

export interface UploadedPhoto {
  imageId: string;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  bytes: number;
}

export async function requestUploadUrl(app: FastifyInstance, cookie: string, body: Record<string, unknown> = {}) {
  const res = await app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie }, payload: body });
  if (res.statusCode !== 200) throw new Error(`upload URL refused: ${res.statusCode} ${res.body}`);
  return res.json() as { uploadURL: string; imageId: string };
}

export function putPhoto(app: FastifyInstance, cookie: string, uploadURL: string, bytes: Buffer, contentType = 'image/jpeg') {
  return app.inject({ method: 'PUT', url: uploadURL, headers: { cookie, 'content-type': contentType }, payload: bytes });
}

export async function uploadPhoto(app: FastifyInstance, cookie: string, bytes: Buffer, body: Record<string, unknown> = {}) {
  const { uploadURL } = await requestUploadUrl(app, cookie, body);
  const res = await putPhoto(app, cookie, uploadURL, bytes);
  if (res.statusCode !== 200) throw new Error(`upload refused: ${res.statusCode} ${res.body}`);
  return res.json() as UploadedPhoto;
}
