// The uploads module's public face: what other modules, the composition root and the jobs may use.
export { uploadsJobs } from './uploads.jobs.ts';
export { uploadsRoutes } from './uploads.routes.ts';
export { attachIntakePhotos, createUploadUrl, receiveUpload, type UploadsContext } from './uploads.service.ts';
export { uploadSigningKey } from './uploads.signing.ts';
