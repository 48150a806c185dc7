import { proxyUrl } from "@hearth/api/cdn";
import { isRequestError } from "@hearth/api/requestErrors";
import { useEffect, useRef, useState } from "react";
import { getCategories, searchGifs, type Gif, type GifCategory } from "./gifApi";
import { t } from "./i18n";

export const SEARCH_DELAY_MS = 350;
const MAX_QUERY = 100;

type Status = "idle" | "loading" | "failed" | "slowed";

function failure(error: unknown): Status {
  return isRequestError(error) && typeof error.ttl === "number" ? "slowed" : "failed";
}

/** The trending categories, asked once per page load (the server caches them for an hour too). */
let categoriesOnce: Promise<GifCategory[]> | null = null;
function loadCategories(): Promise<GifCategory[]> {
  categoriesOnce ??= getCategories().catch((error) => {
    categoriesOnce = null;
    throw error;
  });
  return categoriesOnce;
}

function StatusLine({ status, query }: { status: Status; query?: string }) {
  if (status === "loading")
    return (
      <p className="gif-picker__status" role="status">
        <span className="spinner" aria-hidden="true" /> {t("loading")}
      </p>
    );
  if (status === "failed" || status === "slowed")
    return (
      <p className="gif-picker__status" role="alert">
        {status === "slowed" ? t("slowDown") : t("unavailable")}
      </p>
    );
  return query !== undefined ? <p className="gif-picker__status">{t("noResults", { query })}</p> : null;
}

function Categories({ onPick }: { onPick: (term: string) => void }) {
  const [categories, setCategories] = useState<GifCategory[] | null>(null);
  const [status, setStatus] = useState<Status>("loading");
  useEffect(() => {
    let active = true;
    loadCategories()
      .then((found) => {
        if (!active) return;
        setCategories(found);
        setStatus("idle");
      })
      .catch((error) => {
        if (active) setStatus(failure(error));
      });
    return () => {
      active = false;
    };
  }, []);
  return (
    <>
      <h3 className="gif-picker__heading">{t("trending")}</h3>
      <StatusLine status={status} />
      <div className="gif-picker__grid gif-picker__grid--categories">
        {categories?.map((category) => (
          <button key={category.searchterm} type="button" className="gif-picker__category" onClick={() => onPick(category.searchterm)}>
            <img src={proxyUrl(category.image)} alt="" loading="lazy" />
            <span>{category.searchterm}</span>
          </button>
        ))}
      </div>
    </>
  );
}

function Results({ query, onPick }: { query: string; onPick: (gif: Gif) => void }) {
  const [gifs, setGifs] = useState<Gif[]>([]);
  const [next, setNext] = useState("");
  const [status, setStatus] = useState<Status>("loading");
  const latest = useRef(0);

  const load = (pos?: string) => {
    const ticket = ++latest.current;
    setStatus("loading");
    searchGifs(query, pos)
      .then((page) => {
        if (ticket !== latest.current) return;
        setGifs((shown) => (pos ? [...shown, ...page.results] : page.results));
        setNext(page.results.length ? page.next : "");
        setStatus("idle");
      })
      .catch((error) => ticket === latest.current && setStatus(failure(error)));
  };

  useEffect(() => {
    setGifs([]);
    setNext("");
    load();
    return () => {
      latest.current += 1;
    };
    // `load` is this render's; a new query remounts the list (key) anyway
  }, [query]);

  return (
    <>
      <div className="gif-picker__grid" data-testid="gif-results">
        {gifs.map((gif, index) => (
          <button key={`${gif.gifUrl}-${index}`} type="button" className="gif-picker__gif" aria-label={t("pick")} title={t("pick")} onClick={() => onPick(gif)}>
            <img
              src={proxyUrl(gif.previewUrl)}
              alt=""
              loading="lazy"
              width={gif.previewWidth ?? undefined}
              height={gif.previewHeight ?? undefined}
            />
          </button>
        ))}
      </div>
      <StatusLine status={status} query={status === "idle" && gifs.length === 0 ? query : undefined} />
      {status === "idle" && next && (
        <button type="button" className="button button--secondary gif-picker__more" onClick={() => load(next)}>
          {t("more")}
        </button>
      )}
    </>
  );
}

/** Search as you type (debounced); the trending categories while the box is empty. */
export function GifPicker({ onPick }: { onPick: (gif: Gif) => void }) {
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const showCategory = (term: string) => {
    setText(term);
    setQuery(term);
  };

  return (
    <div className="gif-picker">
      <div className="gif-picker__bar">
        {text && (
          <button type="button" className="icon-button gif-picker__back" aria-label={t("back")} title={t("back")} onClick={() => showCategory("")}>
            ←
          </button>
        )}
        <input
          className="field__input gif-picker__search"
          type="search"
          aria-label={t("search")}
          placeholder={t("search")}
          maxLength={MAX_QUERY}
          value={text}
          data-autofocus
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div className="gif-picker__body">
        {query ? <Results key={query} query={query} onPick={onPick} /> : <Categories onPick={showCategory} />}
      </div>
    </div>
  );
}
