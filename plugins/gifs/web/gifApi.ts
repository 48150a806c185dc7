/** GIF search through Hearth's proxy of the configured provider (rest.md §16). */
import { request } from "@hearth/api/request";

export interface GifCategory {
  searchterm: string;
  path: string;
  image: string;
  name: string;
}

export interface Gif {
  url: string;
  gifUrl: string;
  previewUrl: string;
  previewWidth: number | null;
  previewHeight: number | null;
}

export interface GifPage {
  next: string;
  results: Gif[];
}

export const getCategories = () => request<GifCategory[]>({ path: "/tenor/categories" });

export const searchGifs = (query: string, pos?: string) =>
  request<GifPage>({ path: "/v2/tenor/search", query: { query, pos: pos || undefined } });
