import { describe, expect, it } from 'vitest';
import {
  MAX_IMAGES_PER_POST,
  MEDIA_MAX_FILE_BYTES,
  type UploadedImage,
} from '../../../common/contracts/media';
import {
  type Attachment,
  attachmentsReducer,
  blockingProblem,
  hasMissingAlt,
  moveItem,
  postImageRefs,
  triageFiles,
} from './attachments';

function image(id: string): UploadedImage {
  return { id, width: 10, height: 10, placeholder: '', webp: [], fallback: [], fallbackType: 'image/jpeg' };
}

function attachment(key: string, change: Partial<Attachment> = {}): Attachment {
  return {
    key,
    file: new File(['x'], `${key}.png`, { type: 'image/png' }),
    edit: { rotation: 0 },
    previewUrl: null,
    alt: '',
    status: 'uploading',
    progress: 0,
    error: null,
    image: null,
    ...change,
  };
}

/** A File that claims `size` bytes without allocating them. */
function fileOfSize(name: string, size: number, type = 'image/jpeg'): File {
  const file = new File([''], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('moveItem', () => {
  it('swaps an item with its neighbour', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });

  it('leaves the list as it is at either end or for an unknown item', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], -1, 1)).toEqual(['a', 'b']);
  });
});

describe('attachmentsReducer', () => {
  it('follows one upload from start to finish and a failed one through its retry', () => {
    let state = attachmentsReducer([], { type: 'added', attachment: attachment('one') });
    state = attachmentsReducer(state, { type: 'progressed', key: 'one', progress: 0.5 });
    expect(state[0]).toMatchObject({ status: 'uploading', progress: 0.5 });
    state = attachmentsReducer(state, { type: 'failed', key: 'one', error: 'Upload cancelled.' });
    expect(state[0]).toMatchObject({ status: 'failed', error: 'Upload cancelled.' });
    state = attachmentsReducer(state, { type: 'retried', key: 'one' });
    expect(state[0]).toMatchObject({ status: 'uploading', progress: 0, error: null });
    state = attachmentsReducer(state, { type: 'uploaded', key: 'one', image: image('id-1') });
    expect(state[0]).toMatchObject({ status: 'ready', progress: 1, image: { id: 'id-1' } });
  });

  it('reorders, describes and removes by key', () => {
    let state = [attachment('a'), attachment('b'), attachment('c')];
    state = attachmentsReducer(state, { type: 'moved', key: 'c', offset: -1 });
    expect(state.map((item) => item.key)).toEqual(['a', 'c', 'b']);
    state = attachmentsReducer(state, { type: 'described', key: 'b', alt: 'A red door' });
    expect(state[2]?.alt).toBe('A red door');
    state = attachmentsReducer(state, { type: 'removed', key: 'a' });
    expect(state.map((item) => item.key)).toEqual(['c', 'b']);
    expect(attachmentsReducer(state, { type: 'cleared' })).toEqual([]);
  });

  it(`never holds more than ${MAX_IMAGES_PER_POST} images`, () => {
    const full = Array.from({ length: MAX_IMAGES_PER_POST }, (_, i) => attachment(`k${i}`));
    expect(attachmentsReducer(full, { type: 'added', attachment: attachment('extra') })).toHaveLength(
      MAX_IMAGES_PER_POST,
    );
  });
});

describe('what a post carries', () => {
  it('sends the uploaded images in display order with trimmed alt text', () => {
    const items = [
      attachment('b', { status: 'ready', image: image('id-b'), alt: '  A cat  ' }),
      attachment('a', { status: 'ready', image: image('id-a') }),
    ];
    expect(postImageRefs(items)).toEqual([
      { id: 'id-b', alt: 'A cat' },
      { id: 'id-a', alt: '' },
    ]);
    expect(hasMissingAlt(items)).toBe(true);
    expect(hasMissingAlt(items.slice(0, 1))).toBe(false);
  });

  it('holds the post back while an image uploads or after one failed', () => {
    expect(blockingProblem([attachment('a')])).toMatch(/wait/i);
    expect(blockingProblem([attachment('a', { status: 'failed', error: 'x' })])).toMatch(/retry or remove/i);
    expect(blockingProblem([attachment('a', { status: 'ready', image: image('i') })])).toBeNull();
    expect(blockingProblem([])).toBeNull();
  });
});

describe('triageFiles', () => {
  it('refuses files over the size limit before any upload, naming them', () => {
    const big = fileOfSize('huge.jpg', MEDIA_MAX_FILE_BYTES + 1);
    const fine = fileOfSize('fine.jpg', MEDIA_MAX_FILE_BYTES);
    const { accepted, problems } = triageFiles([big, fine], 4);
    expect(accepted).toEqual([fine]);
    expect(problems).toEqual([expect.stringMatching(/^huge\.jpg is larger than 15 MB/)]);
  });

  it('takes only as many as the post has room for and says why the rest were left', () => {
    const files = ['a', 'b', 'c'].map((name) => fileOfSize(`${name}.png`, 10, 'image/png'));
    const { accepted, problems } = triageFiles(files, 2);
    expect(accepted.map((file) => file.name)).toEqual(['a.png', 'b.png']);
    expect(problems).toEqual([`A post can carry at most ${MAX_IMAGES_PER_POST} images.`]);
  });

  it('refuses what declares itself as something else, and leaves undeclared files to the server', () => {
    const pdf = fileOfSize('doc.pdf', 10, 'application/pdf');
    const unknown = fileOfSize('photo', 10, '');
    const { accepted, problems } = triageFiles([pdf, unknown], 4);
    expect(accepted).toEqual([unknown]);
    expect(problems).toEqual(['doc.pdf is not an image.']);
  });
});
