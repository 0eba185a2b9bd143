import { useEffect, type RefObject } from "react";
import { create } from "zustand";

/**
 * The modal dialogs open now, in the order they were shown (the last is on top). A modal <dialog> sits
 * in the browser's top layer and makes the rest of the page inert, so what must stay seen and heard
 * while one is open (the notifications) goes inside the top one. The forms' dialogs join it; the
 * dashboard's brief yes-or-no question does not (its two buttons are all it holds).
 */
export const useModalStack = create<{ dialogs: HTMLDialogElement[] }>(() => ({ dialogs: [] }));

/** Keeps a modal dialog on the stack while it is open. */
export function useModalLayer(ref: RefObject<HTMLDialogElement | null>, open: boolean): void {
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    useModalStack.setState(({ dialogs }) => ({ dialogs: [...dialogs.filter((each) => each !== dialog), dialog] }));
    return () => useModalStack.setState(({ dialogs }) => ({ dialogs: dialogs.filter((each) => each !== dialog) }));
  }, [ref, open]);
}
