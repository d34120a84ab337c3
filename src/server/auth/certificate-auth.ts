/**
 * TLS client certificates, mapped to a user name the RFC 7589 way
 * (cert-to-name): entries in order, each matching a certificate by its
 * SHA-256 fingerprint or by its issuer's fingerprint (the CA that signed it),
 * and naming the user as given or from the subject's common name or a
 * subject alternative name. Only certificates the TLS layer verified
 * against the configured CAs count.
 */
import type { CoreRequest, PeerCertificate } from '../../http/exchange.ts';
import type { Identity } from './identity.ts';

export type MapType = 'specified' | 'common-name' | 'san-rfc822-name' | 'san-dns-name' | 'san-ip-address' | 'san-any';

export interface CertToName {
  /** SHA-256 fingerprint of the client's certificate or of its issuer (`AB:CD:...`, case and colons optional). */
  readonly fingerprint: string;
  readonly mapType: MapType;
  /** The user, with `specified`. */
  readonly name?: string;
  /** Groups given to the user. */
  readonly groups?: readonly string[];
}

export interface CertificateOptions {
  readonly map: readonly CertToName[];
}

const normal = (fp: string): string => fp.replace(/:/g, '').toUpperCase();

const sanOf = (cert: PeerCertificate, kind: string): string | undefined => {
  for (const part of (cert.subjectaltname ?? '').split(',')) {
    const [k, v] = part.trim().split(/:(.*)/s);
    if (k !== undefined && v !== undefined && (kind === 'any' || k === kind)) return v.trim();
  }
  return undefined;
};

const nameFrom = (entry: CertToName, cert: PeerCertificate): string | undefined => {
  switch (entry.mapType) {
    case 'specified': return entry.name;
    case 'common-name': {
      const cn = cert.subject.CN;
      return Array.isArray(cn) ? cn[0] : (cn as string | undefined);
    }
    case 'san-rfc822-name': return sanOf(cert, 'email');
    case 'san-dns-name': return sanOf(cert, 'DNS');
    case 'san-ip-address': return sanOf(cert, 'IP Address');
    case 'san-any': return sanOf(cert, 'any');
  }
};

export class CertificateAuth {
  constructor(private readonly options: CertificateOptions) {}

  identify(req: CoreRequest): Identity | undefined {
    const cert = req.peerCertificate?.();
    if (cert === undefined) return undefined;
    const own = normal(cert.fingerprint256);
    const issuer = cert.issuerFingerprint256 === undefined ? undefined : normal(cert.issuerFingerprint256);
    for (const entry of this.options.map) {
      const fp = normal(entry.fingerprint);
      if (fp !== own && fp !== issuer) continue;
      const user = nameFrom(entry, cert);
      if (user !== undefined && user !== '') return { user, groups: entry.groups ?? [], method: 'certificate' };
    }
    return undefined;
  }
}
