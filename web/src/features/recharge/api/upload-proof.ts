// Uploads a shrunk payment screenshot to the customer's own folder in Cloud Storage (storage.rules let
// them create there once), reporting progress; answers the object's path for the recharge request.
import { type ProofType, proofPath } from '@shared/payment-proof';
import { currentUid, loadStorage } from '@/lib/firebase';

export async function uploadProof(picture: Blob, onProgress: (fraction: number) => void): Promise<string> {
  const [{ storage, sdk }, uid] = await Promise.all([loadStorage(), currentUid()]);
  if (!uid) throw new Error('not signed in');
  const path = proofPath(uid, crypto.randomUUID(), picture.type as ProofType);
  const task = sdk.uploadBytesResumable(sdk.ref(storage, path), picture, { contentType: picture.type });
  await new Promise<void>((done, fail) =>
    task.on(
      'state_changed',
      (snapshot) => onProgress(snapshot.totalBytes > 0 ? snapshot.bytesTransferred / snapshot.totalBytes : 0),
      fail,
      () => done(),
    ),
  );
  return path;
}

/** Starts loading the Storage SDK (when a screenshot is picked, so the upload does not wait for it). */
export function prepareUpload(): void {
  void loadStorage().catch(() => {
    // The upload itself reports a failure.
  });
}
