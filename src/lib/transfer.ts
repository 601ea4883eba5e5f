/**
 * File transfers that `call()` does not cover: downloads that need the bearer token (CSV exports,
 * provider documents: fetch → blob → object URL) and uploads with progress (XMLHttpRequest, whose
 * upload events report the bytes sent; fetch has no upload progress).
 */
import { buildPath, type AnyEndpoint, type ResponseOf } from '@/contract';
import { ApiError, apiUrl, errorOfResponse, errorOfXhr, requestHeaders } from './api';

/** The file name of a Content-Disposition header, if any. */
function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/** Fetches a file with the session's token; throws an ApiError on a failed answer. */
export async function fetchFile(
  path: string,
  query: Record<string, unknown> = {},
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string | null }> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), { headers: requestHeaders(), signal });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : String(error), {}, { cause: error });
  }
  if (!response.ok) throw await errorOfResponse(response);
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('Content-Disposition'), '') || null,
  };
}

/** Saves a blob under a name (a temporary link with `download`). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads a file with the token and saves it. */
export async function downloadFile(path: string, query: Record<string, unknown>, fallbackName: string) {
  const { blob, fileName } = await fetchFile(path, query);
  saveBlob(blob, fileName ?? fallbackName);
}

export interface UploadOptions {
  params?: Record<string, string | number>;
  /** The multipart field of the file ("file" unless the endpoint says otherwise). */
  field?: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Uploads one file to a multipart endpoint, reporting progress from 0 to 1. */
export function uploadFile<E extends AnyEndpoint>(
  endpoint: E,
  file: File,
  { params, field = endpoint.files?.[0] ?? 'file', onProgress, signal }: UploadOptions = {},
): Promise<ResponseOf<E>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, apiUrl(buildPath(endpoint.path, params)));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(requestHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        try {
          resolve(JSON.parse(xhr.responseText) as ResponseOf<E>);
        } catch (error) {
          reject(new ApiError(xhr.status, String(error)));
        }
      } else reject(errorOfXhr(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(errorOfXhr(0, ''));
    xhr.onabort = () => reject(new ApiError(0, 'aborted', {}, { aborted: true }));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(field, file);
    xhr.send(form);
  });
}
