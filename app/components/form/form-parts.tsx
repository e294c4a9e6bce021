import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useStore } from '@tanstack/react-form';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { i18n, useT, useWords } from '../../lib/i18n';
import { useFormContext } from './form-context';

const messages = i18n('form/form-parts', { submit: 'Submit', cancel: 'Cancel' });

/**
 * The <form> element: native validation off (the schema speaks instead), no double
 * submit, and focus moves to the first invalid control when a submit is refused.
 */
export function Form({
  children,
  className,
  ...aria
}: {
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}) {
  const form = useFormContext();
  const ref = useRef<HTMLFormElement>(null);
  const isSubmitting = useStore(form.store, (s) => s.isSubmitting);

  // Ctrl+Enter (⌘Enter) saves from any field, as the Submit button's aria-keyshortcuts says.
  useEffect(() => {
    const element = ref.current;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
        event.preventDefault();
        element?.requestSubmit();
      }
    };
    element?.addEventListener('keydown', onKey);
    return () => element?.removeEventListener('keydown', onKey);
  }, []);

  return (
    <form
      ref={ref}
      noValidate
      aria-busy={isSubmitting || undefined}
      className={className}
      {...aria}
      onSubmit={async (event) => {
        event.preventDefault();
        event.stopPropagation();
        if (form.state.isSubmitting) return;
        try {
          await form.handleSubmit();
        } catch (error) {
          console.error(error);
        }
        if (!form.state.isValid) {
          // Wait a frame so the fields have rendered their aria-invalid state.
          requestAnimationFrame(() => {
            ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
          });
        }
      }}
    >
      {children}
    </form>
  );
}

/** The primary button: shows a busy state and refuses a second press while submitting. */
export function SubmitButton({ children, className }: { children: ReactNode; className?: string }) {
  const form = useFormContext();
  const isSubmitting = useStore(form.store, (s) => s.isSubmitting);
  return (
    <button
      type="submit"
      // aria-disabled rather than disabled: the button keeps focus while the request runs.
      aria-disabled={isSubmitting || undefined}
      aria-keyshortcuts="Control+Enter Meta+Enter"
      className={`btn-primary ${className ?? ''}`}
    >
      {isSubmitting ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
      {children}
    </button>
  );
}

/**
 * The form-level message area (server answers such as a failed sign-in). The live
 * region is always in the DOM so a message that appears in it is announced. The server's
 * and the contract's words show in the reader's language (the words table); the screen's
 * own messages come already translated.
 */
export function FormAlert({ message }: { message?: string | null | undefined }) {
  const w = useWords();
  return (
    <div
      role="alert"
      // Empty, it takes no room in the form's spacing; it shows with its message.
      className={message ? 'rounded-md border border-red-200 bg-red-50 px-3 py-2.5' : 'empty:hidden'}
    >
      {message ? (
        <p className="flex items-start gap-2 text-sm font-medium text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{w(message)}</span>
        </p>
      ) : null}
    </div>
  );
}

/** The form's closing buttons: Submit, and a Cancel that leaves through `onCancel`. */
export function FormActions({
  onCancel,
  className,
}: {
  onCancel: () => void;
  /** Added to the row's classes. */
  className?: string;
}) {
  const t = useT(messages);
  return (
    <div className={className ? `flex gap-3 ${className}` : 'flex gap-3'}>
      <SubmitButton>{t.submit}</SubmitButton>
      <button type="button" className="btn-secondary" onClick={onCancel}>
        {t.cancel}
      </button>
    </div>
  );
}

/** A titled card of fields in two columns (the profile and user forms' sections). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card p-6">
      <h2 id={id} className="mb-5 text-base font-semibold text-zinc-900">
        {title}
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">{children}</div>
    </section>
  );
}
