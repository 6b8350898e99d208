import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { heMedia } from '../../shared/i18n/index.ts';
import type { MediaSession, PhotoView } from './session.ts';

interface PhotoGridProps {
  session: MediaSession;
  /** Where the focus goes when the last photo is deleted (the choose button). */
  chooseId: string;
  photos: readonly PhotoView[];
  altBase: string;
  waitingForAd: boolean;
  onEdit: (id: string) => void;
  onAnnounce: (text: string) => void;
}

/**
 * The chosen photos in their order (the first is the main photo): reorder by dragging or by keyboard (Space,
 * arrows, Space; @dnd-kit announces each position in Hebrew), edit, make main, delete.
 */
/** After a tile's button disappears (delete, made main), the focus goes to a tile's handle, or to `fallbackId`. */
export function focusHandle(index: number, fallbackId: string) {
  requestAnimationFrame(() => {
    const handles = document.querySelectorAll<HTMLElement>('[data-testid="media-grid"] .media__handle');
    const target = handles[Math.min(index, handles.length - 1)] ?? document.getElementById(fallbackId);
    target?.focus();
  });
}

export function PhotoGrid(props: PhotoGridProps) {
  const { session, photos, altBase, waitingForAd, onEdit, onAnnounce, chooseId } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const place = (id: string | number | undefined) => photos.findIndex((p) => p.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => heMedia.announce.picked(place(active.id)),
    onDragOver: ({ active, over }) => (over ? heMedia.announce.over(place(active.id), place(over.id)) : undefined),
    onDragEnd: ({ active, over }) =>
      over ? heMedia.announce.dropped(place(active.id), place(over.id)) : heMedia.announce.cancelled(place(active.id)),
    onDragCancel: ({ active }) => heMedia.announce.cancelled(place(active.id)),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    session.move(String(active.id), place(over.id) - 1);
  };
  const total = photos.length;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: heMedia.reorderHelp } }}
    >
      <SortableContext items={photos.map((p) => p.id)} strategy={rectSortingStrategy}>
        <ol className="media__grid" aria-label={heMedia.listLabel} data-testid="media-grid">
          {photos.map((photo, index) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              index={index}
              single={session.cap === 1}
              alt={heMedia.alt(altBase, index + 1, total)}
              waitingForAd={waitingForAd}
              onEdit={() => onEdit(photo.id)}
              onMain={() => {
                session.move(photo.id, 0);
                onAnnounce(heMedia.announce.mainSet(index + 1));
                focusHandle(0, chooseId);
              }}
              onRemove={() => {
                session.remove(photo.id);
                onAnnounce(heMedia.announce.removed(photo.name));
                focusHandle(index, chooseId);
              }}
              onRetry={() => session.retry()}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

interface PhotoTileProps {
  photo: PhotoView;
  index: number;
  /** The only photo the ad takes (the teacher's): no main photo to speak of. */
  single: boolean;
  alt: string;
  waitingForAd: boolean;
  onEdit: () => void;
  onMain: () => void;
  onRemove: () => void;
  onRetry: () => void;
}

function PhotoTile({ photo, index, single, alt, waitingForAd, onEdit, onMain, onRemove, onRetry }: PhotoTileProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: photo.id,
  });
  const main = index === 0 && !single;
  const status = photo.status === 'ready' && waitingForAd ? heMedia.status.waitingLogin : heMedia.status[photo.status];
  return (
    <li
      ref={setNodeRef}
      className={`media__tile media__tile--${photo.status}${isDragging ? ' media__tile--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="media-tile"
      data-slot={photo.slot}
      data-status={photo.status}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="media__handle"
        {...attributes}
        {...listeners}
        aria-label={`${heMedia.moveHandle(index + 1)}${main ? ` (${heMedia.main})` : ''}`}
        aria-roledescription="ניתנת להזזה"
      >
        {photo.previewUrl ? (
          <img src={photo.previewUrl} alt={alt} className="media__img" draggable={false} />
        ) : (
          <span className="media__img media__img--empty" role="img" aria-label={alt} />
        )}
      </button>
      {(main || photo.storiesFit) && (
        <span className="media__badges">
          {main && <span className="media__badge">{heMedia.main}</span>}
          {photo.storiesFit && <span className="media__badge media__badge--stories">{heMedia.storiesFit}</span>}
        </span>
      )}
      <span className="media__status" data-testid="media-status">
        {status}
      </span>
      {photo.reused && (
        <p className="media__reused" data-testid="media-reused">
          {heMedia.reused}
        </p>
      )}
      <div className="media__actions">
        {photo.status === 'failed' && (
          <button type="button" className="media__action" onClick={onRetry}>
            {heMedia.retry}
          </button>
        )}
        <button
          type="button"
          className="media__action"
          onClick={onEdit}
          disabled={photo.status === 'preparing'}
          aria-label={`${heMedia.edit}: ${alt}`}
        >
          {heMedia.edit}
        </button>
        {!main && !single && (
          <button type="button" className="media__action" onClick={onMain} aria-label={`${heMedia.setMain}: ${alt}`}>
            {heMedia.setMain}
          </button>
        )}
        <button type="button" className="media__action" onClick={onRemove} aria-label={`${heMedia.remove}: ${alt}`}>
          {heMedia.remove}
        </button>
      </div>
    </li>
  );
}
