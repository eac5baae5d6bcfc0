import { useEffect, useId, useState } from "react";
import { suggestCatalogAutoComplete } from "@atelier/contracts/marketplace";
import { request } from "../../api/client";

type Suggestion = { text: string; kind: "CATEGORY" | "ITEM" | "SUPPLIER"; id: string };

/** The marketplace search box with typo-tolerant completions from the catalogue. */
export function SearchBox({ initial, onSearch, id }: { initial: string; onSearch: (keyword: string) => void; id?: string }) {
  const [text, setText] = useState(initial);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const listId = useId();
  useEffect(() => setText(initial), [initial]);
  useEffect(() => {
    const keyword = text.trim();
    if (keyword.length < 2 || keyword === initial) {
      setSuggestions([]);
      return;
    }
    let live = true;
    // Waits for a pause in typing so each keystroke does not cost a request.
    const timer = setTimeout(() => {
      request(suggestCatalogAutoComplete, { query: { keyword, size: 8 } }, { quiet: true }).then(
        (answer) => live && setSuggestions(answer.list),
        () => live && setSuggestions([]),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, initial]);
  const submit = (keyword: string) => {
    setSuggestions([]);
    onSearch(keyword.trim());
  };
  return (
    <form className="search-box" role="search" id={id} onSubmit={(e) => { e.preventDefault(); submit(text); }}>
      <input
        type="search"
        aria-label="Search suppliers and products"
        placeholder="Search suppliers and products, e.g. organic cotton T-shirt"
        value={text}
        maxLength={200}
        list={listId}
        onChange={(e) => setText(e.target.value)}
      />
      <datalist id={listId}>
        {suggestions.map((s) => <option key={`${s.kind}-${s.id}`} value={s.text}>{s.kind.toLowerCase()}</option>)}
      </datalist>
      <button type="submit" className="primary">Search</button>
    </form>
  );
}
