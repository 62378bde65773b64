import { useEffect, useRef, useState } from 'react';

const OPTIONS = ['Editar Projeto', 'Compartilhar', 'Excluir'] as const;

/** Spec §2 /projects/{id}: the options are listed but none has an action yet; choosing one only closes the menu. */
export function ProjectOptionsMenu() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  return (
    <div
      className="options-menu"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="project-options"
        onClick={() => setOpen((value) => !value)}
      >
        Opções do projeto
      </button>
      {open && (
        <ul
          id="project-options"
          className="options-menu-list card"
          role="menu"
          aria-label="Opções do projeto"
        >
          {OPTIONS.map((option) => (
            <li key={option} role="none">
              <button type="button" role="menuitem" className="options-menu-item" onClick={close}>
                {option}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
