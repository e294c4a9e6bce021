/*
 * Below Tailwind's md breakpoint (a phone, < 768 px) the list grid lays its rows out as
 * cards: the same <table role="grid">, rows, cells, keyboard model, active row and URL
 * state, only styled differently, so nothing about the grid's behaviour forks by width and
 * the desktop table keeps its classes and layout untouched (every rule here is max-md).
 *
 * A card is a grid of "label over value" cells; the label is the column's
 * header, drawn from the cell's data-label by CSS (no extra nodes in 25 × 11 cells, so a
 * desktop page render costs what it did). The header row becomes a wrapping bar of the
 * sort buttons; columns without one are hidden there, as their cells carry the label.
 *
 * Written out whole: Tailwind finds classes by scanning for complete literal names.
 */

/** The <table>, its wrapper and its row groups: blocks, so cards take the screen's width. */
export const CARD_TABLE = 'max-md:block';
export const CARD_GROUP = 'max-md:block';

/**
 * A body row as a card: six tracks, a data cell takes three (two to a line), an action
 * two (Edit, Clone and Delete share the last line). Its focus ring is an outline (the desktop's inset cell shadows would draw per cell). */
export const CARD_ROW =
  'max-md:grid max-md:grid-cols-6 max-md:gap-x-4 max-md:gap-y-2 max-md:px-3 max-md:py-3 ' +
  'max-md:[&:focus-visible>td]:shadow-none! max-md:focus-visible:outline-2 max-md:focus-visible:outline-solid ' +
  'max-md:focus-visible:-outline-offset-2 max-md:focus-visible:outline-accent-600';

/** A data cell in a card: its column's name above its value, text allowed to wrap. */
export const CARD_CELL =
  'max-md:col-span-3 max-md:min-w-0 max-md:p-0 max-md:text-left max-md:whitespace-normal max-md:break-words ' +
  'max-md:before:block max-md:before:text-xs max-md:before:font-medium max-md:before:text-zinc-600 ' +
  'max-md:before:content-[attr(data-label)]';

/** An action cell (Edit, Clone, Delete): after the data; the first starts the card's last line. */
export const CARD_ACTION = 'max-md:order-last max-md:col-span-2 max-md:p-0';
export const CARD_FIRST_ACTION = 'max-md:col-start-1';

/** A loading or empty row: one block across the card list. */
export const CARD_PLAIN_ROW = 'max-md:block';

/** The header row as a bar of sort buttons, led by its data-label ("Sort by", in the reader's language). */
export const CARD_HEAD_ROW =
  'max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-1 max-md:px-3 ' +
  'max-md:before:content-[attr(data-label)] max-md:before:text-xs max-md:before:font-medium max-md:before:text-zinc-600';
export const CARD_HEAD_CELL = 'max-md:px-0 max-md:py-1';
export const CARD_HEAD_CELL_UNSORTABLE = 'max-md:hidden';
