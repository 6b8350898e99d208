import { lazy, type RefObject, Suspense, useId, useRef, useState, useSyncExternalStore } from 'react';
import { type FieldEnv, FieldLabel, textValue, type WidgetProps } from '../../shared/fields/index.ts';
import { useMediaQuery } from '../../shared/hooks/index.ts';
import { heMedia } from '../../shared/i18n/index.ts';
import { Popup } from '../../shared/popups/index.ts';
import { focusHandle, PhotoGrid } from './PhotoGrid.tsx';
import type { MediaSession } from './session.ts';
import './media.css';

const PhotoEditor = lazy(() => import('./PhotoEditor.tsx'));

/** Spec §5: image/* extended with HEIC and HEIF (some phones give them no type, hence the extensions). */
export const PHOTO_ACCEPT = 'image/*,image/heic,image/heif,.heic,.heif';

/** What the photos are of, for their alt texts ("טויוטה קורולה 2021"): in edit mode, the ad's title. */
export function altBase(env: Pick<FieldEnv, 'optionText' | 'read' | 'adTitle'>): string {
  if (env.adTitle) return env.adTitle;
  const year = env.optionText('year') ?? textValue(env.read('year'));
  const parts = [env.optionText('manufacturer'), env.optionText('model'), year].filter((part): part is string =>
    Boolean(part && part !== '-1'),
  );
  return parts.length ? parts.join(' ') : heMedia.altDefault;
}

const isPhoto = (file: File) => file.type.startsWith('image/') || /\.(heic|heif)$/i.test(file.name);

/** The photo field (type image): choose, drop, edit, order and upload the ad's photos. */
export function MediaField({ field, ids, describedBy, env }: WidgetProps) {
  const session = env.media?.photos;
  if (!session) return null;
  return <PhotoPicker session={session} field={field} ids={ids} describedBy={describedBy} env={env} />;
}

function PhotoPicker(props: {
  session: MediaSession;
  field: WidgetProps['field'];
  ids: WidgetProps['ids'];
  describedBy: string | undefined;
  env: FieldEnv;
}) {
  const { session, ids, env } = props;
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const { photos, notices, waitingForAd } = snapshot;
  const cap = session.cap;
  const full = photos.length >= cap;
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [editing, setEditing] = useState<string>();
  const [stories, setStories] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const touch = useMediaQuery('(pointer: coarse)');
  const hintId = useId();

  const take = (list: FileList | null) => {
    if (!list?.length) return;
    const files = Array.from(list);
    // Not a photo at all (a PDF dropped here): named in a notice everyone sees, not only screen readers.
    session.notAdded(files.filter((f) => !isPhoto(f)).map((f) => f.name));
    void session.add(files.filter(isPhoto));
  };

  const base = altBase(env);
  const describedBy = [props.describedBy, hintId].filter(Boolean).join(' ');

  return (
    <div className="media" data-testid="media-field">
      <FieldLabel field={props.field} id={ids.label} />
      <p id={hintId} className="media__hint">
        {heMedia.capHint(cap)} · <bdi data-testid="media-count">{heMedia.count(photos.length, cap)}</bdi>
      </p>

      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop area adds to the buttons, which stay the way in */}
      <div
        className={`media__drop${dragging ? ' media__drop--over' : ''}${full ? ' media__drop--full' : ''}`}
        data-testid="media-drop"
        onDragOver={(event) => {
          if (full || !event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!full) take(event.dataTransfer.files);
        }}
      >
        <div className="media__buttons">
          <button
            id={ids.input}
            type="button"
            className="btn btn--primary"
            disabled={full}
            aria-describedby={describedBy}
            onClick={() => fileInput.current?.click()}
          >
            {cap === 1 ? heMedia.chooseOne : heMedia.choose}
          </button>
          {touch && (
            <button
              type="button"
              className="btn btn--secondary"
              disabled={full}
              onClick={() => cameraInput.current?.click()}
            >
              {heMedia.camera}
            </button>
          )}
        </div>
        {!touch && !full && (
          <p className="media__drop-text">{dragging ? heMedia.dropNow(cap) : heMedia.dropHere(cap)}</p>
        )}
        <HiddenFileInput
          inputRef={fileInput}
          accept={PHOTO_ACCEPT}
          multiple={cap > 1}
          testId="media-input"
          onFiles={take}
        />
        <HiddenFileInput inputRef={cameraInput} accept="image/*" capture="environment" onFiles={take} />
      </div>

      <div className="media__notices" role="status" aria-live="polite" data-testid="media-notices">
        {notices.map((notice) => (
          <p key={notice.id} className="media__notice">
            <span>{notice.text}</span>
            <button
              type="button"
              className="media__notice-close"
              aria-label={heMedia.dismissNotice(notice.text)}
              onClick={() => session.dismissNotice(notice.id)}
            >
              ×
            </button>
          </p>
        ))}
        {announcement && <p className="visually-hidden">{announcement}</p>}
      </div>
      {waitingForAd && photos.length > 0 && <p className="media__waiting">{heMedia.status.waitingLoginAll}</p>}

      {photos.length > 0 && (
        <PhotoGrid
          session={session}
          photos={photos}
          altBase={base}
          waitingForAd={waitingForAd}
          onEdit={setEditing}
          onAnnounce={setAnnouncement}
          chooseId={ids.input}
        />
      )}

      {cap > 1 && (
        <p className="media__stories">
          {heMedia.storiesHint}{' '}
          <button type="button" className="btn btn--link" onClick={() => setStories(true)}>
            {heMedia.storiesMore}
          </button>
        </p>
      )}
      {stories && (
        <Popup header={heMedia.storiesTitle} onClose={() => setStories(false)} size={{ width: 420 }}>
          <p>{heMedia.storiesText}</p>
          <button type="button" className="btn btn--primary" onClick={() => setStories(false)}>
            {heMedia.storiesOk}
          </button>
        </Popup>
      )}
      {editing && (
        <Suspense fallback={null}>
          <PhotoEditor
            session={session}
            photoId={editing}
            onClose={() => {
              const index = photos.findIndex((p) => p.id === editing);
              setEditing(undefined);
              // The editor gives the focus back to its opener; a deleted photo's opener is gone.
              requestAnimationFrame(() => {
                if (document.activeElement === document.body) focusHandle(index, ids.input);
              });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** A file input no one sees: a button opens it, and what is chosen goes to `onFiles` (the input is then emptied). */
function HiddenFileInput(props: {
  inputRef: RefObject<HTMLInputElement | null>;
  accept: string;
  multiple?: boolean;
  capture?: 'environment';
  testId?: string;
  onFiles: (files: FileList | null) => void;
}) {
  return (
    <input
      ref={props.inputRef}
      type="file"
      className="visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      accept={props.accept}
      multiple={props.multiple}
      capture={props.capture}
      data-testid={props.testId}
      onChange={(event) => {
        props.onFiles(event.currentTarget.files);
        event.currentTarget.value = '';
      }}
    />
  );
}
