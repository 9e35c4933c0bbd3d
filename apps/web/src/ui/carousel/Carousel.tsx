/**
 * A carousel of slides (shell.md §4, §9): advances every 4000 ms, wraps to the first slide, pauses while hovered or
 * focused; dots jump to a slide. With reduced motion the slides change without sliding.
 * Props: slides [{imageUrl, httpUrl}] (a slide without httpUrl is not a link), label (accessible name),
 * slideLabel(index, count) (accessible name of each slide and its dot; default 'Slide n of m').
 */
import { useEffect, useState } from 'react';
import styles from './carousel.module.css';

export const CAROUSEL_INTERVAL_MS = 4000;

export interface CarouselSlide {
  imageUrl: string;
  httpUrl?: string;
}

export interface CarouselProps {
  slides: CarouselSlide[];
  label: string;
  slideLabel?: (index: number, count: number) => string;
}

const defaultSlideLabel = (index: number, count: number) => `Slide ${index + 1} of ${count}`;

export function Carousel({ slides, label, slideLabel = defaultSlideLabel }: CarouselProps) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = slides.length;
  const current = count === 0 ? 0 : index % count;
  const paused = hovered || focused;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a slide change (e.g. a dot click) restarts the 4 s count
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [paused, count, current]);

  if (count === 0) return null;
  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className={styles.track}
        style={{ transform: `translateX(-${current * 100}%)` }}
        aria-live={paused ? 'polite' : 'off'}
      >
        {slides.map((slide, i) => {
          const active = i === current;
          const name = slideLabel(i, count);
          const image = <img className={styles.image} src={slide.imageUrl} alt={name} draggable={false} />;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the carousel pattern's slide is a group, not a form fieldset
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides may repeat an image; their place is their identity
              key={i}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={name}
              aria-hidden={!active}
              inert={!active}
            >
              {slide.httpUrl ? (
                <a className={styles.link} href={slide.httpUrl} target="_blank" rel="noopener noreferrer">
                  {image}
                </a>
              ) : (
                image
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className={styles.dots}>
          {slides.map((_, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: a dot is its slide's place
              key={i}
              type="button"
              className={styles.dot}
              aria-label={slideLabel(i, count)}
              aria-current={i === current || undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
