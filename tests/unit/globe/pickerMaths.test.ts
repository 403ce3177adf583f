import { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera';
import { NullEngine } from '@babylonjs/core/Engines/nullEngine';
import { Matrix, Vector3 } from '@babylonjs/core/Maths/math.vector';
import '@babylonjs/core/Culling/ray';
import { Scene } from '@babylonjs/core/scene';
import { describe, expect, it } from 'vitest';
import { anglesFacing } from '@/globe/camera/limits';
import { pointerRay, raySphere } from '@/globe/camera/rays';
import { projectSurfacePoint, type OrbitView } from '@/globe/projection';
import {
  GLOBE_RADIUS,
  latLngToVector,
  length,
  roundLatLng,
  vectorToLatLng,
  wrapLongitude,
  type Vec3,
} from '@/globe/geo';

const PLACES: [number, number][] = [
  [38.63, -90.24],
  [0, 0],
  [-33.92, 18.42],
  [51.5, -0.12],
  [-45, 179.99],
  [12.3, -179.99],
  [89.9, 45],
  [-89.9, -120],
  [0, -180],
];

const facing = (lat: number, lng: number, radius = 8, width = 640, height = 400): OrbitView => ({
  ...anglesFacing(latLngToVector(lat, lng, 1)),
  radius,
  fov: Math.PI / 4,
  width,
  height,
});

describe('vectorToLatLng', () => {
  it('inverts latLngToVector at any radius', () => {
    for (const [lat, lng] of PLACES) {
      for (const radius of [1, GLOBE_RADIUS, 6.1]) {
        const back = vectorToLatLng(latLngToVector(lat, lng, radius));
        expect(back.lat).toBeCloseTo(lat, 9);
        // -180 and 180 are one meridian; it comes back as -180.
        expect(wrapLongitude(back.lng - lng)).toBeCloseTo(0, 9);
        expect(back.lng).toBeGreaterThanOrEqual(-180);
        expect(back.lng).toBeLessThan(180);
      }
    }
  });

  it('round-trips a grid of the whole map', () => {
    for (let lat = -85; lat <= 85; lat += 17) {
      for (let lng = -175; lng < 180; lng += 25) {
        const back = vectorToLatLng(latLngToVector(lat, lng, 5));
        expect(back.lat).toBeCloseTo(lat, 9);
        expect(back.lng).toBeCloseTo(lng, 9);
      }
    }
  });

  it('answers the poles and the centre without NaN', () => {
    expect(vectorToLatLng([0, 5, 0])).toEqual({ lat: 90, lng: 0 });
    expect(vectorToLatLng([0, -2, 0])).toEqual({ lat: -90, lng: 0 });
    expect(vectorToLatLng([0, 0, 0])).toEqual({ lat: 0, lng: 0 });
  });

  it('puts longitude 0 on -X and 90° east on -Z, as latLngToVector does', () => {
    // lng 0 is θ = 180°: the -X axis; lng 90 (east) is θ = 270°: the -Z axis.
    expect(vectorToLatLng([-1, 0, 0])).toEqual({ lat: 0, lng: 0 });
    const east = vectorToLatLng([0, 0, -1]);
    expect(east.lat).toBeCloseTo(0, 12);
    expect(east.lng).toBeCloseTo(90, 12);
  });
});

describe('roundLatLng', () => {
  it('rounds to 5 places, wraps 180 to -180 and drops negative zero', () => {
    expect(roundLatLng({ lat: 38.630004, lng: -90.2400049 })).toEqual({ lat: 38.63, lng: -90.24 });
    expect(roundLatLng({ lat: 0, lng: 179.999999 })).toEqual({ lat: 0, lng: -180 });
    const zero = roundLatLng({ lat: -0.000001, lng: -0.000001 });
    expect(Object.is(zero.lat, 0) && Object.is(zero.lng, 0)).toBe(true);
  });

  it('wraps longitudes by whole turns', () => {
    expect(wrapLongitude(190)).toBeCloseTo(-170, 12);
    expect(wrapLongitude(-190)).toBeCloseTo(170, 12);
    expect(wrapLongitude(-180)).toBe(-180);
    expect(wrapLongitude(540)).toBe(-180);
  });
});

describe('picking rays', () => {
  it('a ray through the canvas centre picks the point the camera faces', () => {
    for (const [lat, lng] of PLACES.filter(([lat]) => Math.abs(lat) < 80)) {
      const view = facing(lat, lng);
      const ray = pointerRay(view, view.width / 2, view.height / 2);
      const hit = raySphere(ray.origin, ray.direction, GLOBE_RADIUS) as Vec3;
      expect(length(hit)).toBeCloseTo(GLOBE_RADIUS, 9);
      const picked = roundLatLng(vectorToLatLng(hit));
      expect(picked.lat).toBeCloseTo(lat, 5);
      expect(wrapLongitude(picked.lng - lng)).toBeCloseTo(0, 5);
    }
  });

  it('misses beside the globe and never hits behind the ray', () => {
    const view = facing(0, 0, 20);
    const corner = pointerRay(view, 0, 0);
    expect(raySphere(corner.origin, corner.direction, GLOBE_RADIUS)).toBeNull();
    const away: Vec3 = [-corner.direction[0], -corner.direction[1], -corner.direction[2]];
    const centre = pointerRay(view, 320, 200);
    const back: Vec3 = [-centre.direction[0], -centre.direction[1], -centre.direction[2]];
    expect(raySphere(centre.origin, back, GLOBE_RADIUS)).toBeNull();
    expect(raySphere(corner.origin, away, GLOBE_RADIUS)).toBeNull();
  });

  it('projects a point where a click there picks it again', () => {
    const view = facing(38.63, -90.24, 7);
    for (const [lat, lng] of [
      [38.63, -90.24],
      [41.88, -87.63],
      [35.15, -90.05],
    ] as const) {
      const screen = projectSurfacePoint(view, latLngToVector(lat, lng, GLOBE_RADIUS));
      expect(screen).not.toBeNull();
      const { x, y } = screen as { x: number; y: number };
      const ray = pointerRay(view, x, y);
      const hit = vectorToLatLng(raySphere(ray.origin, ray.direction, GLOBE_RADIUS) as Vec3);
      expect(hit.lat).toBeCloseTo(lat, 6);
      expect(hit.lng).toBeCloseTo(lng, 6);
    }
  });

  it('projects nothing for the far side or outside the canvas', () => {
    const view = facing(38.63, -90.24, 7);
    expect(projectSurfacePoint(view, latLngToVector(-38.63, 89.76, GLOBE_RADIUS))).toBeNull();
    expect(projectSurfacePoint(view, latLngToVector(0, 0, GLOBE_RADIUS))).toBeNull();
  });
});

describe('the analytic camera maths matches Babylon', () => {
  it('gives the rays and projections of a real ArcRotateCamera (NullEngine)', () => {
    const width = 640;
    const height = 400;
    const engine = new NullEngine({
      renderWidth: width,
      renderHeight: height,
      textureSize: 16,
      deterministicLockstep: false,
      lockstepMaxSteps: 1,
    });
    const scene = new Scene(engine);
    const view = { ...facing(38.63, -90.24, 7.3, width, height), fov: 0.7 };
    const camera = new ArcRotateCamera(
      'c',
      view.alpha,
      view.beta,
      view.radius,
      Vector3.Zero(),
      scene,
    );
    camera.fov = view.fov;
    scene.activeCamera = camera;
    const transform = camera.getViewMatrix(true).multiply(camera.getProjectionMatrix(true));
    const viewport = camera.viewport.toGlobal(width, height);
    try {
      for (const [x, y] of [
        [320, 200],
        [10, 390],
        [600, 35],
      ] as const) {
        const ours = pointerRay(view, x, y);
        const theirs = scene.createPickingRay(x, y, Matrix.Identity(), camera);
        // Babylon starts its ray on the near plane, on the same line as ours.
        const o = theirs.origin.asArray();
        const along = [0, 1, 2].map((k) => (o[k] as number) - (ours.origin[k] as number));
        const t = along.reduce((sum, v, k) => sum + v * (ours.direction[k] as number), 0);
        for (let k = 0; k < 3; k++) {
          expect(ours.direction[k]).toBeCloseTo(theirs.direction.asArray()[k] as number, 6);
          expect(along[k]).toBeCloseTo(t * (ours.direction[k] as number), 6);
        }
      }
      const point = latLngToVector(40, -95, GLOBE_RADIUS);
      const projected = Vector3.Project(
        new Vector3(...point),
        Matrix.Identity(),
        transform,
        viewport,
      );
      const ours = projectSurfacePoint(view, point) as { x: number; y: number };
      expect(ours.x).toBeCloseTo(projected.x, 4);
      expect(ours.y).toBeCloseTo(projected.y, 4);
    } finally {
      scene.dispose();
      engine.dispose();
    }
  });
});
