/** The end of a form inside a modal: its error, if any, then "Cancelar" and the submit button. */
export function ModalFormFooter({
  error,
  onCancel,
  submitLabel,
  submitDisabled,
}: {
  error: string | null;
  onCancel: () => void;
  submitLabel: string;
  submitDisabled: boolean;
}) {
  return (
    <>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancelar
        </button>
        <button type="submit" className="button button--primary" disabled={submitDisabled}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
