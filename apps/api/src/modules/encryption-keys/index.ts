// The encryption-keys module's public face: what other modules, the composition root and the jobs may use.
export { sealPlaintextPersonalData } from './plaintext-sealing.service.ts';
