import { bdiParts } from '../format/index.ts';

/** Text whose numbers (prices, plates, years) are isolated in <bdi>. */
export function BdiText({ text }: { text: string }) {
  return (
    <>
      {bdiParts(text).map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
        part.number ? <bdi key={index}>{part.text}</bdi> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}
