// Payment proof: a screenshot of the wallet payment a customer attaches to a recharge request.
// The browser shrinks the picture, uploads it to Cloud Storage under the customer's own folder (storage.rules
// allow exactly that, once), and the request names it by its path; the function checks the object before it
// accepts the request, and the admin sees it beside the request before approving. One contract for the
// three: the web app, the function and the Storage rules (whose numbers repeat these: see storage.rules).

/** The largest stored proof: 5 MB (MiB, as Storage counts), also the limit in storage.rules. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
/** The longest side, in pixels, the browser shrinks a screenshot to (a phone screenshot stays readable). */
export const PROOF_MAX_SIDE = 1600;
/** The picture types stored, each with the extension its object name ends with. */
export const PROOF_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
export type ProofType = keyof typeof PROOF_TYPES;
export const PROOF_FOLDER = 'payment-proofs';
/** The first JPEG/WebP quality the browser tries, the lowest it goes to, and its step down. */
export const PROOF_QUALITY = { first: 0.85, lowest: 0.4, step: 0.15 } as const;

/** A proof's object name: a random id the browser picks, then the type's extension. */
const PROOF_PATH = /^payment-proofs\/([A-Za-z0-9_-]{1,128})\/([A-Za-z0-9_-]{8,64})\.(jpg|png|webp)$/;

export const isProofType = (type: string): type is ProofType => Object.hasOwn(PROOF_TYPES, type);

/** payment-proofs/{uid}/{id}.{ext} */
export function proofPath(uid: string, id: string, type: ProofType): string {
  const path = `${PROOF_FOLDER}/${uid}/${id}.${PROOF_TYPES[type]}`;
  if (!PROOF_PATH.test(path)) throw new Error(`not a proof path: ${path}`);
  return path;
}

/** The parts of a proof path, or null when `path` is not one (strict: no other folder, name or extension). */
export function parseProofPath(path: string): { uid: string; id: string; type: ProofType } | null {
  const match = PROOF_PATH.exec(path);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const type = (Object.keys(PROOF_TYPES) as ProofType[]).find((candidate) => PROOF_TYPES[candidate] === match[3]);
  return type ? { uid: match[1], id: match[2], type } : null;
}

export const PROOF_MESSAGES = {
  label: 'Payment screenshot (optional)',
  notAnImage: 'Choose a picture (a screenshot of the payment)',
  unreadable: 'This picture could not be read. Try another screenshot.',
  tooBig: 'This picture is too large even after shrinking. Try a smaller screenshot.',
  uploadFailed: 'The screenshot could not be uploaded. Check your connection and try again.',
  /** The function's refusals, all on field `proof`. */
  invalidPath: 'The screenshot is not one of your uploads',
  missing: 'The screenshot was not found: upload it again',
  notImage: 'The screenshot must be a JPEG, PNG or WebP picture',
  oversize: 'The screenshot must be at most 5 MB',
  used: 'This screenshot is already attached to another request',
  noScreenshot: 'No screenshot',
} as const;
