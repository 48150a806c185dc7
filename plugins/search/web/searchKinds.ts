/** What the search box looks for (its tabs) and the filter chips each offers. */
export type Kind = "messages" | "posts" | "people";

export type FilterKey = "from" | "mentions" | "in" | "file" | "image" | "link" | "poll" | "pinned" | "during" | "exclude";

const FILTER_TEXT: Record<FilterKey, string> = {
  from: "from:",
  mentions: "mentions:",
  in: "in:",
  file: "has:file",
  image: "has:image",
  link: "has:link",
  poll: "has:poll",
  pinned: "pinned:true",
  during: "during:",
  exclude: "-",
};

const FILTERS_OF: Record<Kind, FilterKey[]> = {
  messages: ["from", "mentions", "in", "file", "image", "link", "pinned", "during", "exclude"],
  // posts are in no channel and carry at most one image (docs/protocol-extensions.md, "Search")
  posts: ["from", "mentions", "image", "link", "poll", "during", "exclude"],
  people: [],
};

export function filtersOf(kind: Kind): { key: FilterKey; text: string }[] {
  return FILTERS_OF[kind].map((key) => ({ key, text: FILTER_TEXT[key] }));
}

/** The tabs shown: messages always, posts and people while their plugins are loaded. */
export function kindsShown(postsLoaded: boolean, socialLoaded: boolean): Kind[] {
  return ["messages", ...(postsLoaded ? (["posts"] as const) : []), ...(socialLoaded ? (["people"] as const) : [])];
}

/** The typed filters each tab takes (the others are taken out of the box on the way to it). */
const NAMES_OF: Record<Kind, string[]> = {
  messages: ["from", "in", "has", "mentions", "before", "after", "during", "pinned"],
  posts: ["from", "has", "mentions", "before", "after", "during"],
  people: [],
};

export function filterNamesOf(kind: Kind): string[] {
  return NAMES_OF[kind];
}
