import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MediaItemRest } from '@bakje/contract';
import { MEDIA_GALLERY_MAX } from '@bakje/contract/media';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { retryServerErrors } from '../../api/http';
import { Button, Dialog, Notice, ProductImage, Spinner } from '../../ui';
import { ACCEPTED_MEDIA_TYPES, ACCEPTED_TYPES, isVideo, listMedia, mediaKey, mediaTitle, MediaUploadError, uploadMedia, type MediaPurpose } from './media-api';
import './media.css';

/** What a picker holds: the image's id (for the REST API) and its src (for the preview). */
export interface PickedImage {
  id: number;
  src: string;
}

/**
 * The store API answers absolute URLs on the configured site address (WordPress does too); the dashboard
 * keeps the path, so the image loads from the address the dashboard is open on (the page's CSP allows 'self').
 */
export function sitePath(src: string): string {
  try {
    const url = new URL(src, window.location.origin);
    return url.pathname.startsWith('/media/') ? url.pathname : src;
  } catch {
    return src;
  }
}

const picked = (item: MediaItemRest): PickedImage => ({ id: item.id, src: sitePath(item.src) });

/** The translated text for a failed upload (the server's reason, docs/decisions/0024-media.md). */
function useUploadErrorText(withVideos: boolean) {
  const intl = useIntl();
  return (error: unknown) => {
    if (error instanceof MediaUploadError) {
      const reason = withVideos && error.reason === 'unsupported' ? 'unsupportedMedia' : error.reason;
      return intl.formatMessage({ id: `dashboard.media.refused.${reason}` });
    }
    return intl.formatMessage({ id: 'dashboard.media.uploadFailed' });
  };
}

/**
 * The drop area with a file button: dropping or choosing a file uploads it (with `altText`) and hands the
 * stored image to `onUploaded`. Keyboard users take the button; the drop area is an extra for mice.
 */
function UploadArea({
  altText,
  purpose,
  onUploaded,
  disabled,
  withVideos = false,
}: {
  altText: string;
  purpose: MediaPurpose;
  onUploaded: (item: MediaItemRest) => void;
  disabled?: boolean;
  /** Also MP4 and WebM videos (the library page). */
  withVideos?: boolean;
}) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const client = useQueryClient();
  const errorText = useUploadErrorText(withVideos);

  const upload = async (file: File | undefined) => {
    if (!file || busy) return;
    setError(null);
    setBusy(true);
    try {
      const item = await uploadMedia(file, altText, mediaTitle(purpose, altText));
      await client.invalidateQueries({ queryKey: mediaKey });
      onUploaded(item);
    } catch (problem) {
      setError(errorText(problem));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) void upload(event.dataTransfer.files[0]);
  };

  return (
    <div
      className={`media-drop${dragging ? ' media-drop--over' : ''}`}
      data-testid="media-drop"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <p className="media-drop__text">{intl.formatMessage({ id: withVideos ? 'dashboard.media.dropHereMedia' : 'dashboard.media.dropHere' })}</p>
      <input
        ref={input}
        type="file"
        accept={withVideos ? ACCEPTED_MEDIA_TYPES : ACCEPTED_TYPES}
        className="media-drop__input"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="media-file-input"
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} busy={busy} disabled={disabled}>
        {intl.formatMessage({ id: 'dashboard.media.chooseFile' })}
      </Button>
      <p className="admin__muted">{intl.formatMessage({ id: withVideos ? 'dashboard.media.formatsMedia' : 'dashboard.media.formats' })}</p>
      {busy ? (
        <p role="status" className="media-drop__busy">
          <Spinner /> {intl.formatMessage({ id: 'dashboard.media.uploading' })}
        </p>
      ) : null}
      {error ? (
        <Notice tone="error" role="alert">
          {error}
        </Notice>
      ) : null}
    </div>
  );
}

/** The library of uploaded images (and videos, when `mediaType` is absent) in a dialog: search, pages, and a button per item to choose it. */
export function MediaLibraryDialog({
  open,
  onClose,
  onPick,
  mediaType = 'image',
}: {
  open: boolean;
  onClose: () => void;
  onPick: (item: MediaItemRest) => void;
  /** What may be chosen: images (products, categories, options) or both (`'any'`, the kiosk's attract loop). */
  mediaType?: 'image' | 'any';
}) {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const searchId = useId();
  const query = useQuery({
    queryKey: [...mediaKey, 'library', mediaType, search, page],
    queryFn: ({ signal }) => listMedia({ page, perPage: 24, search, mediaType: mediaType === 'any' ? undefined : mediaType, signal }),
    enabled: open,
    retry: retryServerErrors,
  });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={intl.formatMessage({ id: mediaType === 'any' ? 'dashboard.media.libraryTitleMedia' : 'dashboard.media.libraryTitle' })}
    >
      <div className="account-field">
        <label htmlFor={searchId}>{intl.formatMessage({ id: 'dashboard.media.search' })}</label>
        <input
          id={searchId}
          type="search"
          className="input"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>
      <MediaGrid
        items={query.data?.items}
        loading={query.isPending}
        error={query.isError}
        onRetry={() => void query.refetch()}
        renderAction={(item) => (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onPick(item)}
            aria-label={intl.formatMessage({ id: 'dashboard.media.chooseNamed' }, { name: item.title.raw || item.name })}
          >
            {intl.formatMessage({ id: 'dashboard.media.choose' })}
          </Button>
        )}
      />
      <MediaPager page={page} totalPages={query.data?.totalPages ?? 0} onPage={setPage} />
    </Dialog>
  );
}

/** Uploaded images as a grid of previews with one action each; loading, empty and error states. */
export function MediaGrid({
  items,
  loading,
  error,
  onRetry,
  renderAction,
}: {
  items: MediaItemRest[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  renderAction: (item: MediaItemRest) => ReactNode;
}) {
  const intl = useIntl();
  if (loading) {
    return (
      <p role="status" className="media-grid__state">
        <Spinner /> {intl.formatMessage({ id: 'dashboard.media.loading' })}
      </p>
    );
  }
  if (error) {
    return (
      <div role="alert" className="media-grid__state">
        <p>{intl.formatMessage({ id: 'dashboard.media.loadFailed' })}</p>
        <Button variant="secondary" onClick={onRetry}>
          {intl.formatMessage({ id: 'dashboard.media.retry' })}
        </Button>
      </div>
    );
  }
  if (!items?.length) return <p className="media-grid__state">{intl.formatMessage({ id: 'dashboard.media.empty' })}</p>;
  return (
    <ul className="media-grid" data-testid="media-grid">
      {items.map((item) => (
        <li key={item.id} className="media-grid__item">
          {isVideo(item) ? (
            <MediaVideo src={sitePath(item.src)} label={item.alt_text || item.title.raw || item.name} className="media-grid__img" />
          ) : (
            <ProductImage src={sitePath(item.src)} alt={item.alt_text} width={160} height={120} sizes="160px" className="media-grid__img" />
          )}
          <span className="media-grid__name" title={item.name}>
            {item.title.raw || item.name}
          </span>
          {renderAction(item)}
        </li>
      ))}
    </ul>
  );
}

/**
 * A video's preview: its first frame, muted, with the browser's controls to play it. Only the metadata and
 * first frame load until someone presses play, so a page of videos stays light.
 */
export function MediaVideo({ src, label, className }: { src: string; label: string; className?: string }) {
  const intl = useIntl();
  return (
    <video
      className={className}
      src={src}
      muted
      playsInline
      controls
      preload="metadata"
      width={160}
      height={120}
      aria-label={intl.formatMessage({ id: 'dashboard.media.videoLabel' }, { name: label })}
      data-testid="media-video"
    />
  );
}

/** Previous / next through the pages of the library. */
export function MediaPager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const intl = useIntl();
  if (totalPages <= 1) return null;
  return (
    <nav className="media-pager" aria-label={intl.formatMessage({ id: 'dashboard.media.pages' })}>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {intl.formatMessage({ id: 'dashboard.media.previous' })}
      </Button>
      <span>{intl.formatMessage({ id: 'dashboard.media.pageOf' }, { page, total: totalPages })}</span>
      <Button size="sm" variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {intl.formatMessage({ id: 'dashboard.media.next' })}
      </Button>
    </nav>
  );
}

/** The alt text typed before an upload (sent with it); required in spirit, so it is asked for first. */
function AltTextField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const intl = useIntl();
  const id = useId();
  const hint = useId();
  return (
    <div className="account-field">
      <label htmlFor={id}>{intl.formatMessage({ id: 'dashboard.media.altText' })}</label>
      <input id={id} className="input" value={value} maxLength={500} aria-describedby={hint} onChange={(event) => onChange(event.target.value)} />
      <p id={hint} className="admin__muted">
        {intl.formatMessage({ id: 'dashboard.media.altTextHint' })}
      </p>
    </div>
  );
}

/**
 * One image for a product, category or add-on option: upload (drop or file button) with alt text, preview,
 * choose from the library, remove. `value` is `{id, src}` of the store API's media.
 */
export function MediaPicker(props: {
  value: PickedImage | null;
  onChange(value: PickedImage | null): void;
  label: string;
  /** Names an upload in the library (docs/interfaces.md §2); 'other' by default. */
  purpose?: MediaPurpose;
  multiple?: false;
  /** Uploads may also be videos (the library page only: products show images). */
  withVideos?: boolean;
}) {
  const { value, onChange, label, purpose = 'other', withVideos = false } = props;
  const intl = useIntl();
  const [altText, setAltText] = useState('');
  const [libraryOpen, setLibraryOpen] = useState(false);
  return (
    <fieldset className="media-picker" data-testid="media-picker">
      <legend className="media-picker__label">{label}</legend>
      {value ? (
        <figure className="media-picker__preview">
          {isVideo(value) ? (
            <MediaVideo src={value.src} label={intl.formatMessage({ id: 'dashboard.media.previewAlt' }, { label })} />
          ) : (
            <ProductImage
              src={value.src}
              alt={intl.formatMessage({ id: 'dashboard.media.previewAlt' }, { label })}
              width={320}
              height={240}
              sizes="320px"
              loading="eager"
            />
          )}
          <figcaption className="media-picker__actions">
            <Button variant="secondary" size="sm" onClick={() => setLibraryOpen(true)}>
              {intl.formatMessage({ id: 'dashboard.media.replace' })}
            </Button>
            <Button variant="danger" size="sm" onClick={() => onChange(null)}>
              {intl.formatMessage({ id: 'dashboard.media.remove' })}
            </Button>
          </figcaption>
        </figure>
      ) : null}
      {/* An upload here always lands in this picker, also when it already holds an image: replacing a photo
          used to offer only the library, and owners uploaded into the gallery below instead (issue 31). */}
      {value ? <p className="media-picker__label">{intl.formatMessage({ id: 'dashboard.media.replaceByUpload' })}</p> : null}
      <AltTextField value={altText} onChange={setAltText} />
      <UploadArea
        altText={altText}
        purpose={purpose}
        withVideos={withVideos}
        onUploaded={(item) => {
          setAltText('');
          onChange(picked(item));
        }}
      />
      {value ? null : (
        <Button variant="ghost" size="sm" onClick={() => setLibraryOpen(true)}>
          {intl.formatMessage({ id: 'dashboard.media.fromLibrary' })}
        </Button>
      )}
      <MediaLibraryDialog
        open={libraryOpen}
        mediaType={withVideos ? 'any' : 'image'}
        onClose={() => setLibraryOpen(false)}
        onPick={(item) => {
          setLibraryOpen(false);
          onChange(picked(item));
        }}
      />
    </fieldset>
  );
}

/** A product gallery (uploads are titled as product images): up to `max` (20) images in order, each removable and movable; add by upload or library. */
export function MediaGalleryPicker(props: { value: PickedImage[]; onChange(value: PickedImage[]): void; label: string; max?: number }) {
  const { value, onChange, label } = props;
  const max = Math.min(props.max ?? MEDIA_GALLERY_MAX, MEDIA_GALLERY_MAX);
  const intl = useIntl();
  const [altText, setAltText] = useState('');
  const [libraryOpen, setLibraryOpen] = useState(false);
  const full = value.length >= max;
  const add = (item: MediaItemRest) => {
    if (value.length < max && !value.some((v) => v.id === item.id)) onChange([...value, picked(item)]);
  };
  const move = (from: number, to: number) => {
    const next = [...value];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  return (
    <fieldset className="media-picker" data-testid="media-gallery-picker">
      <legend className="media-picker__label">{label}</legend>
      <p className="admin__muted">{intl.formatMessage({ id: 'dashboard.media.galleryCount' }, { count: value.length, max })}</p>
      {value.length ? (
        <ol className="media-grid">
          {value.map((image, index) => (
            <li key={image.id} className="media-grid__item">
              <ProductImage src={image.src} alt="" width={160} height={120} sizes="160px" className="media-grid__img" />
              <div className="media-picker__actions">
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={intl.formatMessage({ id: 'dashboard.media.moveUp' }, { n: index + 1 })}
                >
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={index === value.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={intl.formatMessage({ id: 'dashboard.media.moveDown' }, { n: index + 1 })}
                >
                  ↓
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => onChange(value.filter((v) => v.id !== image.id))}
                  aria-label={intl.formatMessage({ id: 'dashboard.media.removeNumber' }, { n: index + 1 })}
                >
                  {intl.formatMessage({ id: 'dashboard.media.remove' })}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {full ? (
        <Notice>{intl.formatMessage({ id: 'dashboard.media.galleryFull' }, { max })}</Notice>
      ) : (
        <>
          <AltTextField value={altText} onChange={setAltText} />
          <UploadArea
            altText={altText}
            purpose="product"
            onUploaded={(item) => {
              setAltText('');
              add(item);
            }}
          />
          <Button variant="ghost" size="sm" onClick={() => setLibraryOpen(true)}>
            {intl.formatMessage({ id: 'dashboard.media.fromLibrary' })}
          </Button>
        </>
      )}
      <MediaLibraryDialog
        open={libraryOpen}
        onClose={() => setLibraryOpen(false)}
        onPick={(item) => {
          setLibraryOpen(false);
          add(item);
        }}
      />
    </fieldset>
  );
}
