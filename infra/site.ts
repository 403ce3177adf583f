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
 * file (`/assets/index-1a2b.js`, `/map.webp`) is itself, or S3's 403 when there is none.
 */
export const APP_ROUTES = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
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
  // Photos: anyone may show or fetch them, as the Node server's /uploads/ allows.
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
