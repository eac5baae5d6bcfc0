# One image for the api, the agent server and the web app; docker-compose.yml picks the command.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY api/package.json api/
COPY tools/package.json tools/
COPY graphs/package.json graphs/
COPY agent-server/package.json agent-server/
COPY web/package.json web/
# tsx runs the TypeScript directly (no build step), so dev dependencies stay in the image.
RUN npm ci --include=dev
COPY . .
# The web app is built here, once: the web service serves web/dist as it is, and `npm start`
# finds it newer than its sources, so no container builds at start.
RUN npm run build --workspace web
EXPOSE 3000 3001 8080
CMD ["npm", "start"]
