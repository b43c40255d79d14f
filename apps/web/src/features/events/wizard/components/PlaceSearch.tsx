import { useEffect, useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { searchPlaces, type Place } from '../../api/search-places';
import { WIZARD_TEXT as T } from '../texts';

const DEBOUNCE_MS = 300;

/** Type a city or regency, pick a place: its address and coordinates fill the location. */
export function PlaceSearch({ onPick, disabled }: { onPick: (p: Place) => void; disabled?: boolean }) {
  const [q, setQ] = useState('');
  const [places, setPlaces] = useState<Place[]>([]);

  useEffect(() => {
    const text = q.trim();
    if (text.length < 2) return setPlaces([]);
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      searchPlaces(text, ctrl.signal).then(setPlaces, () => setPlaces([]));
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [q]);

  return (
    <AutoComplete
      value={q}
      disabled={disabled}
      options={places.map((p) => ({ value: p.id, label: <span><strong>{p.name}</strong> <small>{p.address}</small></span> }))}
      onSearch={setQ}
      onSelect={(id: string) => {
        const place = places.find((p) => p.id === id);
        if (place) onPick(place);
        setQ('');
      }}
    >
      <Input prefix={<SearchOutlined />} placeholder={T.placeSearchHint} aria-label={T.placeSearch} />
    </AutoComplete>
  );
}
