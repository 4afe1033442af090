// HTTPS for the local stack: production Assay insists on an https:// PUBLIC_URL (session cookies
// are Secure), so nginx terminates TLS with a certificate for localhost and 127.0.0.1, signed by a
// certificate authority made here with Debian's openssl. The authority is kept between runs in the
// stack's folder, so a person can trust it once in a browser (or accept the warning each time);
// the chaos proof trusts it explicitly. Its key never leaves that folder.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface StackCertificates {
  /** The authority to trust (PEM). */
  caFile: string;
  certificateFile: string;
  keyFile: string;
}

function openssl(args: string[], cwd: string) {
  try {
    execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`openssl ${args[0]} failed${stderr ? `: ${stderr}` : ''}. Install it with: apt-get install -y openssl`);
  }
}

export function makeStackCertificates(dir: string): StackCertificates {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const caFile = path.join(dir, 'stack-ca.crt');
  const caKey = path.join(dir, 'stack-ca.key');
  if (!existsSync(caFile) || !existsSync(caKey)) {
    openssl(
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '825',
        '-subj',
        '/CN=Assay local stack CA (this machine only)',
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-addext',
        'keyUsage=critical,keyCertSign,cRLSign',
        '-keyout',
        caKey,
        '-out',
        caFile,
      ],
      dir,
    );
  }
  const keyFile = path.join(dir, 'localhost.key');
  const csrFile = path.join(dir, 'localhost.csr');
  const certificateFile = path.join(dir, 'localhost.crt');
  const extFile = path.join(dir, 'localhost.ext');
  writeFileSync(
    extFile,
    [
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      'basicConstraints=CA:FALSE',
      'keyUsage=digitalSignature,keyEncipherment',
      'extendedKeyUsage=serverAuth',
    ].join('\n') + '\n',
  );
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', keyFile, '-out', csrFile], dir);
  openssl(
    [
      'x509',
      '-req',
      '-in',
      csrFile,
      '-CA',
      caFile,
      '-CAkey',
      caKey,
      '-CAcreateserial',
      '-days',
      '30',
      '-extfile',
      extFile,
      '-out',
      certificateFile,
    ],
    dir,
  );
  return { caFile, certificateFile, keyFile };
}
