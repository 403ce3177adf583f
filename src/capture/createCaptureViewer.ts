/**
 * A small Babylon viewer for one 3D capture (a glTF binary model or a Gaussian splat), on its own
 * engine and scene, separate from the globe's: created when a visitor opens a capture in the
 * lightbox and disposed when it closes. Framework-free, like the globe engine; this module and the
 * loaders it registers are a chunk of their own that only a visitor who opens a capture fetches.
 */
import { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera';
import { Engine } from '@babylonjs/core/Engines/engine';
import { DirectionalLight } from '@babylonjs/core/Lights/directionalLight';
import { HemisphericLight } from '@babylonjs/core/Lights/hemisphericLight';
import { ImportMeshAsync } from '@babylonjs/core/Loading/sceneLoader';
import { Color3, Color4 } from '@babylonjs/core/Maths/math.color';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import type { AbstractMesh } from '@babylonjs/core/Meshes/abstractMesh';
import { Scene } from '@babylonjs/core/scene';
// The loaders for the archive's capture formats register themselves with the scene loader: the
// glTF 2.0 loader with only the extensions the nodes-service lets a model use (not the whole
// extension set, whose interactivity, audio and decoder code would split the globe's Babylon
// chunk into dozens of shared pieces), and the splat loader.
import '@babylonjs/loaders/glTF/glTFFileLoader';
import '@babylonjs/loaders/glTF/2.0/glTFLoader';
import '@babylonjs/loaders/glTF/2.0/Extensions/KHR_materials_emissive_strength';
import '@babylonjs/loaders/glTF/2.0/Extensions/KHR_materials_ior';
import '@babylonjs/loaders/glTF/2.0/Extensions/KHR_materials_specular';
import '@babylonjs/loaders/glTF/2.0/Extensions/KHR_materials_unlit';
import '@babylonjs/loaders/glTF/2.0/Extensions/KHR_mesh_quantization';
import '@babylonjs/loaders/glTF/2.0/Extensions/KHR_texture_transform';
import '@babylonjs/loaders/glTF/2.0/Extensions/KHR_gaussian_splatting';
import '@babylonjs/loaders/SPLAT/splatFileLoader';
import type { CaptureFormat, NodeCapture } from '@/lib/capture';
import {
  captureFileProblem,
  downloadCapture,
  refuseDownloadedDecoders,
  SPLAT_LOADING_OPTIONS,
} from './captureLoading';

/** Why a capture cannot be shown: no WebGL here, or the file did not load. */
export class CaptureViewerError extends Error {
  override name = 'CaptureViewerError';
  constructor(
    readonly reason: 'webgl' | 'load',
    message: string,
  ) {
    super(message);
  }
}

/** What tests and the diagnostics read of a viewer. */
export interface CaptureViewerStats {
  /** Meshes with geometry, splat meshes included. */
  meshes: number;
  /** Gaussian splats loaded (0 for a model). */
  splats: number;
  /** The camera's orbit, radians, and its distance. */
  alpha: number;
  beta: number;
  radius: number;
  /** Frames drawn so far. */
  frames: number;
  /** Whether the loaded capture is drawn: loaded, its shaders ready. */
  ready: boolean;
  disposed: boolean;
}

export interface CaptureViewer {
  /** Settles when the capture is on screen; rejects with a CaptureViewerError. */
  loaded: Promise<void>;
  /** Back to the framing the capture opened with. */
  reset(): void;
  /** The next frame drawn, as a JPEG (for a poster). */
  snapshot(): Promise<Blob>;
  stats(): CaptureViewerStats;
  dispose(): void;
}

/** A capture to show: one of the archive's (a URL), or a file chosen on this device. */
export type CaptureSource = NodeCapture | { file: File; format: CaptureFormat };

export interface CaptureViewerOptions {
  /** Download progress, 0-100, while the size is known. */
  onProgress?: (percent: number) => void;
  /**
   * Draw at this size in pixels, without input or resizing: a canvas that is never shown (a
   * poster's). By default the viewer follows the canvas's size on the page and takes input.
   */
  fixedSize?: { width: number; height: number };
  /**
   * How far the camera stands, as a multiple of the distance at which the capture's bounding
   * sphere just fits (default 1.05: all of it in view from any side). A poster, seen from one
   * side only, may stand closer.
   */
  framing?: number;
}

/** The file extension Babylon picks a loader by. */
const EXTENSIONS: Record<NodeCapture['format'], string> = {
  glb: '.glb',
  ply: '.ply',
  splat: '.splat',
  spz: '.spz',
};

/** Key codes: 0 and Home reset the view; + and - zoom (besides the camera's own = and -). */
const KEYS_RESET = [48, 36];
const KEYS_ZOOM_IN = [187, 107, 171];
const KEYS_ZOOM_OUT = [189, 109, 173];

function splatCount(mesh: AbstractMesh): number {
  const count = (mesh as AbstractMesh & { splatCount?: number }).splatCount;
  return typeof count === 'number' ? count : 0;
}

/** The viewer's WebGL engine, following the canvas's size unless the size is fixed. */
function startEngine(canvas: HTMLCanvasElement, fixedSize: CaptureViewerOptions['fixedSize']) {
  try {
    return new Engine(
      canvas,
      true,
      { preserveDrawingBuffer: false, stencil: true },
      fixedSize === undefined,
    );
  } catch {
    throw new CaptureViewerError(
      'webgl',
      'This browser cannot show 3D captures (WebGL is off or missing).',
    );
  }
}

/** A soft sky light and a sun from above. */
function addLights(scene: Scene): void {
  const sky = new HemisphericLight('sky', new Vector3(0.2, 1, 0.3), scene);
  sky.intensity = 0.9;
  sky.groundColor = new Color3(0.25, 0.25, 0.3);
  const sun = new DirectionalLight('sun', new Vector3(-0.5, -1, -0.4), scene);
  sun.intensity = 1.6;
}

/**
 * The orbit camera, taking the visitor's input unless the viewer draws a poster: from in front and
 * a little to the side (a glTF asset faces +Z, which the loader turns to Babylon's -Z... seen from
 * the camera at alpha π/2).
 */
function createCaptureCamera(scene: Scene, takesInput: boolean): ArcRotateCamera {
  const camera = new ArcRotateCamera('capture', Math.PI / 2 + 0.7, 1.15, 10, Vector3.Zero(), scene);
  camera.wheelDeltaPercentage = 0.01;
  camera.pinchDeltaPercentage = 0.01;
  camera.useNaturalPinchZoom = true;
  camera.minZ = 0.01;
  if (takesInput) camera.attachControl(true);
  const keyboard = camera.inputs.attached.keyboard as
    { keysReset: number[]; keysZoomIn: number[]; keysZoomOut: number[] } | undefined;
  if (keyboard) {
    keyboard.keysReset = KEYS_RESET;
    keyboard.keysZoomIn = KEYS_ZOOM_IN;
    keyboard.keysZoomOut = KEYS_ZOOM_OUT;
  }
  return camera;
}

/** The meshes that draw something: with geometry, or splats. */
function shownMeshes(meshes: readonly AbstractMesh[]): AbstractMesh[] {
  return meshes.filter((mesh) => mesh.getTotalVertices() > 0 || splatCount(mesh) > 0);
}

/**
 * Frames what loaded: the camera looks at its centre from `framing` times the distance at which
 * its bounding sphere just fits, and keeps that as the view a reset goes back to.
 */
function frameMeshes(
  meshes: readonly AbstractMesh[],
  camera: ArcRotateCamera,
  engine: Engine,
  framing: number,
): void {
  const shown = shownMeshes(meshes);
  if (shown.length === 0) return;
  let min = new Vector3(Infinity, Infinity, Infinity);
  let max = new Vector3(-Infinity, -Infinity, -Infinity);
  for (const mesh of shown) {
    mesh.computeWorldMatrix(true);
    const box = mesh.getBoundingInfo().boundingBox;
    min = Vector3.Minimize(min, box.minimumWorld);
    max = Vector3.Maximize(max, box.maximumWorld);
  }
  const size = max.subtract(min).length() || 1;
  camera.setTarget(min.add(max).scale(0.5));
  // The bounding sphere fits the narrower of the two fields of view (a phone's is the width).
  const aspect = engine.getAspectRatio(camera) || 1;
  const horizontal = 2 * Math.atan(Math.tan(camera.fov / 2) * aspect);
  const fov = Math.min(camera.fov, horizontal);
  camera.radius = (size / 2 / Math.sin(fov / 2)) * framing;
  camera.lowerRadiusLimit = size * 0.15;
  camera.upperRadiusLimit = camera.radius * 3;
  camera.storeState();
}

/**
 * The capture as Babylon gets it: downloaded once and checked (see `captureFileProblem`), those
 * same bytes handed over as a file, so its loaders read nothing the checks did not.
 */
async function checkedFile(
  capture: CaptureSource,
  onProgress: CaptureViewerOptions['onProgress'],
): Promise<File> {
  const extension = EXTENSIONS[capture.format];
  const file =
    'file' in capture
      ? capture.file
      : new File([await downloadCapture(capture.url, onProgress)], `capture${extension}`);
  const problem = await captureFileProblem(file, capture.format);
  if (problem !== null) throw new Error(`Not handed to the loader: ${problem}.`);
  return file;
}

/** The next frame drawn, as a JPEG: read right after it is drawn, before the browser may clear it. */
function nextFrameAsJpeg(engine: Engine, canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise<Blob>((resolve, reject) => {
    engine.onEndFrameObservable.addOnce(() =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The frame could not be read.'))),
        'image/jpeg',
        0.9,
      ),
    );
  });
}

/**
 * Starts a viewer on `canvas` and loads `capture` into it: orbit by drag, zoom by wheel or pinch,
 * arrow keys to turn, + and - to zoom, 0 or Home to reset.
 *
 * @throws CaptureViewerError 'webgl' when the browser has no WebGL.
 */
export function createCaptureViewer(
  canvas: HTMLCanvasElement,
  capture: CaptureSource,
  options: CaptureViewerOptions = {},
): CaptureViewer {
  const { fixedSize, framing = 1.05 } = options;
  refuseDownloadedDecoders();
  const engine = startEngine(canvas, fixedSize);
  const scene = new Scene(engine);
  // The globe's night-blue background.
  scene.clearColor = new Color4(0.043, 0.078, 0.149, 1);
  const camera = createCaptureCamera(scene, fixedSize === undefined);
  addLights(scene);

  let frames = 0;
  let disposed = false;
  let ready = false;
  let meshes: AbstractMesh[] = [];
  engine.runRenderLoop(() => {
    scene.render();
    frames += 1;
  });
  const resize = new ResizeObserver(() => engine.resize());
  if (fixedSize === undefined) resize.observe(canvas);
  else engine.setSize(fixedSize.width, fixedSize.height);

  const loaded = checkedFile(capture, options.onProgress)
    .then((file) =>
      disposed
        ? null
        : ImportMeshAsync(file, scene, {
            pluginExtension: EXTENSIONS[capture.format],
            pluginOptions: { splat: SPLAT_LOADING_OPTIONS },
          }),
    )
    .then((result) => {
      if (disposed || result === null) return;
      meshes = result.meshes;
      frameMeshes(meshes, camera, engine, framing);
      return new Promise<void>((resolve) =>
        scene.executeWhenReady(() => {
          ready = true;
          resolve();
        }),
      );
    })
    .catch((error: unknown) => {
      if (disposed) return;
      console.warn('The 3D capture did not load:', error);
      throw new CaptureViewerError('load', 'This 3D capture could not be loaded.');
    });

  return {
    loaded,
    reset: () => camera.restoreState(),
    snapshot: () => nextFrameAsJpeg(engine, canvas),
    stats: () => ({
      meshes: shownMeshes(meshes).length,
      splats: meshes.reduce((sum, mesh) => sum + splatCount(mesh), 0),
      alpha: camera.alpha,
      beta: camera.beta,
      radius: camera.radius,
      frames,
      ready,
      disposed,
    }),
    dispose() {
      if (disposed) return;
      disposed = true;
      resize.disconnect();
      engine.stopRenderLoop();
      scene.dispose();
      engine.dispose();
    },
  };
}
