/**
 * Shown when a save found the workflow changed elsewhere (412 PRECONDITION_FAILED: another tab
 * or device saved since this one loaded it). Nothing was written; the user picks a side.
 */
export function ConflictDialog({
  onReload,
  onOverwrite,
  onCancel,
}: {
  onReload: () => void;
  onOverwrite: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="dialog-backdrop">
      <div
        className="card dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="conflict-title"
        aria-describedby="conflict-text"
      >
        <h2 id="conflict-title">Changed elsewhere</h2>
        <p id="conflict-text">
          This workflow was saved in another tab or session after you opened it. Your changes are
          not saved yet.
        </p>
        <div className="row">
          <button type="button" onClick={onReload}>
            Reload theirs
          </button>
          <button type="button" className="danger" onClick={onOverwrite}>
            Overwrite with mine
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
