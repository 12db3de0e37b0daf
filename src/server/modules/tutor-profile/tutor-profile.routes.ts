import type { FastifyPluginAsync } from 'fastify';
import * as contract from '../../../contracts/tutor-profile.contract';
import { route } from '../../http/route';
import { requireRole, signedInUser } from '../auth/auth.guards';
import * as editProfile from './edit-profile';
import * as tutorProfile from './tutor-profile.service';

// The tutor's own profile: the wizard's saved progress and submission, availability, and
// the Edit profile page's sections of the submitted profile.
export const tutorProfileRoutes: FastifyPluginAsync = async (app) => {
  // Each use case takes the part of the app's dependencies it needs.
  const ctx = () => app.deps;
  const options = { tags: ['tutor profile'], preHandler: requireRole('tutor') };

  route(app, contract.getProfileDraft, options, async (request) =>
    tutorProfile.getDraft(ctx(), signedInUser(request).id),
  );

  route(app, contract.saveProfileStep, options, async (request) =>
    tutorProfile.saveStep(ctx(), signedInUser(request).id, request.params.step, request.body),
  );

  route(app, contract.submitProfile, options, async (request) =>
    tutorProfile.submitProfile(ctx(), signedInUser(request).id),
  );

  route(app, contract.getOwnProfileId, options, async (request) =>
    tutorProfile.getOwnProfileId(ctx(), signedInUser(request).id),
  );

  route(app, contract.getAvailability, options, async (request) =>
    tutorProfile.getAvailability(ctx(), signedInUser(request).id),
  );

  route(app, contract.saveAvailability, options, async (request) =>
    tutorProfile.replaceAvailability(ctx(), signedInUser(request).id, request.body),
  );
  route(app, contract.getProfileSections, options, async (request) =>
    editProfile.getSections(ctx(), signedInUser(request).id),
  );

  route(app, contract.saveProfileSection, options, async (request) =>
    editProfile.saveSection(ctx(), signedInUser(request).id, request.params.step, request.body),
  );
};
