/** The scenes' light (a mood per weather and time of day) and their palettes. */

export type MoodName = 'storm' | 'overcast' | 'day' | 'dawn' | 'dusk';

export interface Mood {
  /** Top, middle and horizon of the sky. */
  sky: readonly [string, string, string];
  /** Near the horizon, then at the bottom of the picture. */
  ground: readonly [string, string];
  /** The far skyline. */
  far: string;
  cloud: string;
  /** The sun's colour, or null when there is no sun. */
  light: string | null;
}

export const MOODS: Record<MoodName, Mood> = {
  storm: {
    sky: ['#1b2528', '#3a4b46', '#6f7c67'],
    ground: ['#2c352e', '#161c19'],
    far: '#3e4a47',
    cloud: '#2b3333',
    light: null,
  },
  overcast: {
    sky: ['#4d5d74', '#8494aa', '#b9c2cb'],
    ground: ['#4a5744', '#262d24'],
    far: '#6f7d8c',
    cloud: '#d9dee3',
    light: null,
  },
  day: {
    sky: ['#2d6aae', '#69a3d8', '#cde4f1'],
    ground: ['#5b8148', '#2c4424'],
    far: '#8fa9bf',
    cloud: '#ffffff',
    light: '#fff6d8',
  },
  dawn: {
    sky: ['#28396e', '#b7778e', '#f5c58f'],
    ground: ['#45523c', '#1f261c'],
    far: '#8a7890',
    cloud: '#f6d4c4',
    light: '#ffe2b0',
  },
  dusk: {
    sky: ['#1b2150', '#683c72', '#e58b5c'],
    ground: ['#2f3038', '#141419'],
    far: '#5a4566',
    cloud: '#b98aa3',
    light: '#ffc58c',
  },
};
export const BRICKS = ['#8a4b3c', '#9b5a45', '#7a3f33', '#a36b52', '#6f4a3e'];
export const SIDINGS = ['#c9c1a9', '#8e9a9b', '#b59b74', '#d6d0c4', '#6f7f88'];
export const SKIN = ['#5a3825', '#8d5524', '#c68642', '#e0ac69', '#f1c27d', '#7b4a2f'];
export const VESTS = ['#ff8c1a', '#d7f53b', '#ffb020', '#f2e22c'];
export const SHIRTS = [
  '#2f4f7f',
  '#7a2e3b',
  '#3c6e5a',
  '#5b4a7a',
  '#c2573a',
  '#2d2d38',
  '#8a8f99',
  '#d8c7a0',
];
export const TARP = '#2f6fd0';
