import type { FastifyPluginAsync } from 'fastify';
import * as contract from '../../../contracts/packages.contract';
import { route } from '../../http/route';
import { requireRole, requireUser, signedInUser } from '../auth/auth.guards';
import { bookableTutor } from '../lessons/slot-rules';
import { packageOffersOf } from './package-offers';
import { schedulePackageLesson, usablePackagesWithTutor } from './student-packages';
import { createTutorPackage, listTutorPackages, updateTutorPackage } from './tutor-packages';

export const packagesRoutes: FastifyPluginAsync = async (app) => {
  // Each use case takes the part of the app's dependencies it needs.
  const ctx = () => app.deps;
  const signedIn = { tags: ['packages'], preHandler: requireUser };
  const student = { tags: ['packages'], preHandler: requireRole('student') };
  const tutor = { tags: ['packages'], preHandler: requireRole('tutor') };

  route(app, contract.getPackageOffers, signedIn, async (request) => ({
    packages: await packageOffersOf(
      ctx().db,
      await bookableTutor(ctx(), request.params.id),
      request.query,
    ),
  }));

  route(app, contract.getMyPackagesWithTutor, student, async (request) => ({
    packages: await usablePackagesWithTutor(ctx(), signedInUser(request).id, request.params.id),
  }));

  route(app, contract.schedulePackageLesson, student, async (request) =>
    schedulePackageLesson(ctx(), signedInUser(request).id, request.params.id, request.body),
  );

  route(app, contract.listTutorPackages, tutor, async (request) => ({
    packages: await listTutorPackages(ctx(), signedInUser(request).id),
  }));

  route(app, contract.createTutorPackage, tutor, async (request) => ({
    package: await createTutorPackage(ctx(), signedInUser(request).id, request.body),
  }));

  route(app, contract.updateTutorPackage, tutor, async (request) => ({
    package: await updateTutorPackage(
      ctx(),
      signedInUser(request).id,
      request.params.id,
      request.body,
    ),
  }));

  route(app, contract.setTutorPackageActive, tutor, async (request) => ({
    package: await updateTutorPackage(ctx(), signedInUser(request).id, request.params.id, {
      isActive: request.body.isActive,
    }),
  }));
};
