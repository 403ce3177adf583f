/**
 * The site: the built app and the public photos from two private buckets, read only by one
 * CloudFront distribution (origin access control), with the app's security headers and its
 * Content-Security-Policy; the sitemap and robots.txt from the nodes-service, at the site's root.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { contentSecurityPolicy } from '../server/app/securityHeaders';
import { UPLOADS_PREFIX } from './settings';

export interface SiteProps {
  app: s3.IBucket;
  uploads: s3.Bucket;
  /** The nodes-service's host name (`{id}.execute-api.{region}.amazonaws.com`). */
  apiDomain: string;
  /** Origins the app calls from the browser: the API's, Cognito's. */
  serviceOrigins: string[];
  scriptHashes: readonly string[];
  analytics: boolean;
}

/**
 * A route of the app (`/video/clip-1`, `/editor`) is answered with index.html, which shows it; a
 * file (`/assets/index-1a2b.js`, `/map.webp`) is itself, or S3's 403 when there is none. The
 * languages (issue 49): a route under a language's prefix (`/es/video/clip-1`) is answered with
 * that language's first paint (`/es/index.html`); a route without one is sent there when the
 * visitor chose a language in the picker (its `lang` cookie) or their browser prefers Spanish or
 * Bosnian, as the Node server does (server/app/nodeSite.ts, src/i18n/languages.ts). CloudFront
 * runs this before its cache, so each visitor gets their own answer.
 */
export const APP_ROUTES = `function languageOfTag(tag) {
  var parts = tag.trim().toLowerCase().replace(/_/g, '-').split('-');
  var primary = parts[0];
  if (primary === 'en' || primary === 'es') return primary;
  if (primary === 'bs' || primary === 'hr' || primary === 'sh') return 'bs';
  if (primary === 'sr' && parts.indexOf('latn') > 0) return 'bs';
  return null;
}
function preferred(header) {
  var entries = [];
  var list = header.split(',').slice(0, 32);
  for (var i = 0; i < list.length; i++) {
    var params = list[i].trim().split(';');
    var tag = params[0].trim();
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    var q = 1;
    for (var j = 1; j < params.length; j++) {
      if (!/^\\s*q\\s*=/i.test(params[j])) continue;
      var m = /^\\s*q\\s*=\\s*(0(\\.\\d{0,3})?|1(\\.0{0,3})?)\\s*$/i.exec(params[j]);
      q = m ? Number(m[1]) : -1;
    }
    if (q > 0) entries.push({ tag: tag, q: q, at: i });
  }
  entries.sort(function (a, b) { return b.q - a.q || a.at - b.at; });
  for (var k = 0; k < entries.length; k++) {
    var language = languageOfTag(entries[k].tag);
    if (language !== null) return language;
  }
  return null;
}
function queryText(querystring) {
  var parts = [];
  for (var name in querystring) {
    var entry = querystring[name];
    var values = entry.multiValue ? entry.multiValue : [entry];
    for (var i = 0; i < values.length; i++)
      parts.push(name + (values[i].value === '' ? '' : '=' + values[i].value));
  }
  return parts.length ? '?' + parts.join('&') : '';
}
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return request;
  var prefixed = /^\\/(en|es|bs)(\\/|$)/.exec(uri);
  if (prefixed) {
    request.uri = '/' + prefixed[1] + '/index.html';
    return request;
  }
  var cookie = request.cookies && request.cookies.lang ? request.cookies.lang.value : '';
  var chosen = /^(en|es|bs)$/.test(cookie) ? cookie : null;
  var header = request.headers && request.headers['accept-language'];
  var browser = header ? preferred(header.value) : null;
  var language = chosen || (browser === 'en' ? null : browser);
  if (language) {
    return {
      statusCode: 302,
      statusDescription: 'Found',
      headers: {
        location: { value: '/' + language + uri + queryText(request.querystring || {}) },
        'cache-control': { value: 'no-cache' },
      },
    };
  }
  request.uri = '/index.html';
  return request;
}`;

/**
 * OAI-PMH's base URL is `{SITE_URL}/api/oai` (its Identify says so, robots.txt allows it), as on
 * the Node server; the function answers it at `/oai`, beside `/nodes`. Only that one address is
 * passed through: the rest of `/api/` stays the app's.
 */
export const OAI_ROUTE = `function handler(event) {
  var request = event.request;
  request.uri = '/oai';
  return request;
}`;

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=()';

export function createSite(scope: Construct, props: SiteProps): cloudfront.Distribution {
  const csp = contentSecurityPolicy(
    {
      serviceOrigins: props.serviceOrigins,
      mediaOrigins: [],
      scriptOrigins: [],
      analytics: props.analytics,
    },
    props.scriptHashes,
  );
  const appHeaders = new cloudfront.ResponseHeadersPolicy(scope, 'AppHeaders', {
    comment: 'Globe Archive: the app’s security headers, as the Node server sends them.',
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.SAMEORIGIN, override: true },
      referrerPolicy: {
        // The YouTube embed refuses to play without the embedding origin.
        referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(180),
        includeSubdomains: false,
        override: true,
      },
    },
    customHeadersBehavior: {
      customHeaders: [
        { header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true },
        { header: 'Cross-Origin-Opener-Policy', value: 'same-origin', override: true },
      ],
    },
  });
  // Photos, their IIIF tiles and the manifests: anyone may show or fetch them, as the Node
  // server's /uploads/ and /iiif/ allow.
  const photoHeaders = new cloudfront.ResponseHeadersPolicy(scope, 'PhotoHeaders', {
    comment: 'Globe Archive: published photos, readable from any site.',
    corsBehavior: {
      accessControlAllowOrigins: ['*'],
      accessControlAllowMethods: ['GET', 'HEAD'],
      accessControlAllowHeaders: ['*'],
      accessControlAllowCredentials: false,
      originOverride: true,
    },
    securityHeadersBehavior: { contentTypeOptions: { override: true } },
    customHeadersBehavior: {
      customHeaders: [
        { header: 'Cross-Origin-Resource-Policy', value: 'cross-origin', override: true },
      ],
    },
  });
  const api = new origins.HttpOrigin(props.apiDomain, {
    protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
  });
  const fromApi: cloudfront.BehaviorOptions = {
    origin: api,
    viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
    cachePolicy: new cloudfront.CachePolicy(scope, 'FromArchive', {
      comment: 'Globe Archive: the sitemap and robots.txt, five minutes.',
      defaultTtl: Duration.minutes(5),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.hours(1),
    }),
    originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
  };
  const distribution = new cloudfront.Distribution(scope, 'Site', {
    comment: 'Globe Archive',
    defaultRootObject: 'index.html',
    priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
    httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
    defaultBehavior: {
      origin: origins.S3BucketOrigin.withOriginAccessControl(props.app),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: appHeaders,
      compress: true,
      functionAssociations: [
        {
          eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
          function: new cloudfront.Function(scope, 'AppRoutes', {
            comment: 'Globe Archive: the app’s routes are its index.html.',
            runtime: cloudfront.FunctionRuntime.JS_2_0,
            code: cloudfront.FunctionCode.fromInline(APP_ROUTES),
          }),
        },
      ],
    },
    additionalBehaviors: {
      [`/${UPLOADS_PREFIX}*`]: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(props.uploads),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: photoHeaders,
      },
      '/sitemap.xml': fromApi,
      '/robots.txt': fromApi,
      // IIIF manifests and the collection (issue 52): made by the function, read from any site.
      '/iiif/*': { ...fromApi, responseHeadersPolicy: photoHeaders },
      // Harvesters ask with GET or POST, every answer its own (a verb, a resumption token).
      '/api/oai': {
        ...fromApi,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
        cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        functionAssociations: [
          {
            eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            function: new cloudfront.Function(scope, 'OaiRoute', {
              comment: 'Globe Archive: OAI-PMH at {SITE_URL}/api/oai is the function’s /oai.',
              runtime: cloudfront.FunctionRuntime.JS_2_0,
              code: cloudfront.FunctionCode.fromInline(OAI_ROUTE),
            }),
          },
        ],
      },
    },
  });
  // Photos still waiting for an editor are in the same bucket: never through the site.
  props.uploads.addToResourcePolicy(
    new iam.PolicyStatement({
      effect: iam.Effect.DENY,
      principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
      actions: ['s3:GetObject'],
      resources: [props.uploads.arnForObjects(`${UPLOADS_PREFIX}pending/*`)],
    }),
  );
  return distribution;
}
